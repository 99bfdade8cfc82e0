/** The user stopped a recovery (or the app is closing): the outcome stays unknown. */
export class RecoveryStopped extends Error {
  constructor() {
    super('Recovery was stopped');
    this.name = 'RecoveryStopped';
  }
}

/** Waits `ms`, or rejects with RecoveryStopped as soon as the signal fires. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(new RecoveryStopped());
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new RecoveryStopped());
    };
    const timer = setTimeout(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
