/**
 * Reads a response body as text, refusing more than `limit` bytes, so a broken or hostile server
 * cannot make the app buffer an unbounded answer. `signal` (the exchange's deadline and the
 * user's Stop, see deadline.ts) ends the read at once: every read races it, because not every
 * HTTP stack errors a body stream that is already flowing when its request signal aborts.
 */
export async function readLimitedText(response: Response, limit: number, signal?: AbortSignal): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError(limit);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const aborted = abortPromise(signal);
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  try {
    for (;;) {
      const { done, value } = await (aborted ? Promise.race([reader.read(), aborted.promise]) : reader.read());
      if (done) break;
      received += value.byteLength;
      if (received > limit) throw new BodyTooLargeError(limit);
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    // Release the connection whatever went wrong; the reason is what the caller sees.
    await reader.cancel(error).catch(() => undefined);
    throw error;
  } finally {
    aborted?.dispose();
  }
  return text + decoder.decode();
}

/** A promise that rejects with the signal's reason when it aborts; `dispose` removes the listener. */
function abortPromise(signal: AbortSignal | undefined): { promise: Promise<never>; dispose(): void } | undefined {
  if (!signal) return undefined;
  let onAbort = () => {};
  const promise = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  // The race may settle by a read first; an abort afterwards must not count as unhandled.
  promise.catch(() => undefined);
  return { promise, dispose: () => signal.removeEventListener('abort', onAbort) };
}

export class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(`The answer is larger than ${Math.round(limit / 1024 / 1024)} MiB`);
    this.name = 'BodyTooLargeError';
  }
}
