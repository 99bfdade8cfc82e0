/**
 * One deadline for a whole exchange: connecting, waiting for the headers and reading the body.
 * A timeout that stops counting once the headers arrive (ky's `timeout` is one) lets a service that
 * sends headers and then drips its body (or stalls) hold a payment forever; this signal covers all of it.
 * It also carries the caller's signal (the user's Stop), so either one ends the exchange.
 */
export interface Deadline {
  /** Aborts when the deadline passes or the caller's signal fires. */
  readonly signal: AbortSignal;
  /** The deadline passed (as opposed to the caller stopping). */
  readonly expired: boolean;
  /** The caller's signal fired. */
  readonly stopped: boolean;
  /** Stops the timer; call when the exchange is over. */
  clear(): void;
}

export function startDeadline(ms: number, caller?: AbortSignal): Deadline {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(
    () => {
      expired = true;
      controller.abort(new DOMException(`The exchange took longer than ${ms} ms`, 'TimeoutError'));
    },
    Math.max(0, ms),
  );
  const onStop = () => controller.abort(caller?.reason ?? new DOMException('Stopped', 'AbortError'));
  if (caller?.aborted) onStop();
  else caller?.addEventListener('abort', onStop, { once: true });
  return {
    signal: controller.signal,
    get expired() {
      return expired;
    },
    get stopped() {
      return !expired && (caller?.aborted ?? false);
    },
    clear() {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onStop);
    },
  };
}
