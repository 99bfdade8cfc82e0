/**
 * Reads a response body as text, refusing more than `limit` bytes, so a broken or hostile server
 * cannot make the app buffer an unbounded answer.
 */
export async function readLimitedText(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError(limit);
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      await reader.cancel();
      throw new BodyTooLargeError(limit);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

export class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(`The answer is larger than ${Math.round(limit / 1024 / 1024)} MiB`);
    this.name = 'BodyTooLargeError';
  }
}
