import type { AnswerShape, ShapeBreach } from './answer-shape';

/**
 * Reads a response body as text, refusing more than `limit` bytes, so a broken or hostile server
 * cannot make the app buffer an unbounded answer. With `shape`, every chunk is also counted in rows,
 * nesting and values as it arrives (answer-shape.ts), and an answer over those caps is refused
 * before anything parses it: once a cap is broken the text is no longer kept, and the rest is
 * only counted, so the error can say how big the answer really is. `signal` (the exchange's deadline and the
 * user's Stop, see deadline.ts) ends the read at once: it cancels the reader itself, because not
 * every HTTP stack errors a body stream that is already flowing when its request signal aborts.
 */
export async function readLimitedText(response: Response, limit: number, signal?: AbortSignal, shape?: AnswerShape): Promise<string> {
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
  let over = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal?.aborted) throw signal.reason;
      if (done) break;
      received += value.byteLength;
      if (received > limit) throw new BodyTooLargeError(limit);
      shape?.feed(value);
      over ||= shape?.breach() !== undefined;
      if (over) text = '';
      else text += decoder.decode(value, { stream: true });
    }
    // Counted to the end, so the figure is the whole answer's.
    const breach = shape?.breach();
    if (breach) throw new AnswerShapeError(breach);
  } catch (error) {
    // Release the connection whatever went wrong; the reason is what the caller sees.
    await reader.cancel(error).catch(() => undefined);
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  return text + decoder.decode();
}

/** The answer breaks a cap on rows, nesting or values (answer-shape.ts); `breach` says which, with both figures. */
export class AnswerShapeError extends Error {
  readonly breach: ShapeBreach;
  constructor(breach: ShapeBreach) {
    super(`The answer breaks the ${breach.kind} cap`);
    this.name = 'AnswerShapeError';
    this.breach = breach;
  }
}

export class BodyTooLargeError extends Error {
  /** The cap, in whole MiB, for the words the person reads (spin-client.ts). */
  readonly mebibytes: number;

  constructor(limit: number) {
    const mebibytes = Math.round(limit / 1024 / 1024);
    super(`The answer is larger than ${mebibytes} MiB`);
    this.name = 'BodyTooLargeError';
    this.mebibytes = mebibytes;
  }
}
