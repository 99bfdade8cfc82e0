/**
 * Reads a response body as text, refusing more than `limit` bytes, so a broken or hostile server
 * cannot make the app buffer an unbounded answer. `signal` (the exchange's deadline and the
 * user's Stop, see deadline.ts) ends the read at once: it cancels the reader itself, because not
 * every HTTP stack errors a body stream that is already flowing when its request signal aborts.
 */
export async function readLimitedText(response: Response, limit: number, signal?: AbortSignal): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError(limit);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  // The abort cancels the reader, which ends a pending read at once (done); the loop then throws
  // the signal's reason. One listener per body, not one race per chunk.
  const onAbort = () => void reader.cancel(signal?.reason).catch(() => undefined);
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal?.aborted) throw signal.reason;
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
    signal?.removeEventListener('abort', onAbort);
  }
  return text + decoder.decode();
}

export class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(`The answer is larger than ${Math.round(limit / 1024 / 1024)} MiB`);
    this.name = 'BodyTooLargeError';
  }
}
