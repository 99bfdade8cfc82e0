// The two ends of an HTTP exchange: reading a bounded body and writing a JSON answer. Writing
// to a client that already went away is ignored: the work it asked for is done regardless.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const MAX_BODY_BYTES = 1024 * 1024;

export type BodyResult = { ok: true; text: string } | { ok: false; reason: 'too-large' | 'aborted' };

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<BodyResult> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ ok: false, reason: 'too-large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: BodyResult) => {
      if (!done) resolve(result);
      done = true;
    };
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        finish({ ok: false, reason: 'too-large' });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => finish({ ok: true, text: Buffer.concat(chunks, size).toString('utf8') }));
    req.on('error', () => finish({ ok: false, reason: 'aborted' }));
    req.on('close', () => finish({ ok: false, reason: 'aborted' }));
  });
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/** Writes a whole answer at once; `headers` may override the Content-Type. */
export function sendText(res: ServerResponse, status: number, payload: string, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  // One buffer, encoded once: its length is the Content-Length, and it goes out in the same write as the headers.
  const bytes = Buffer.from(payload, 'utf8');
  res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': bytes.length, ...headers });
  res.end(bytes);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  sendText(res, status, JSON.stringify(body), headers);
}

/** Parses JSON; the error text is kept so the 400 can say what is wrong with the body. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  if (text.trim() === '') return { ok: false, error: 'Body is empty; send a JSON object' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: `Body is not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
}
