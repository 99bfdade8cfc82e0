// The two ends of an HTTP exchange: reading a bounded body and writing a JSON answer. Writing
// to a client that already went away is ignored: the work it asked for is done regardless.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const MAX_BODY_BYTES = 1024 * 1024;

export type BodyResult = { ok: true; text: string } | { ok: false; reason: 'too-large' };

/**
 * Reads a bounded body and calls `done` once with it (or with too-large), in the tick its last
 * chunk arrives. A client that goes away mid-body gets no call: there is no one to answer. Only
 * 'data' and 'end' are listened to (an IncomingMessage emits 'error' only to listeners of it), so
 * a small POST costs no more here than in a bare server.
 */
export function readBody(req: IncomingMessage, done: (result: BodyResult) => void, limit = MAX_BODY_BYTES): void {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return done({ ok: false, reason: 'too-large' });
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    if (size > limit) return;
    size += chunk.length;
    if (size > limit) {
      chunks.length = 0;
      done({ ok: false, reason: 'too-large' });
    } else chunks.push(chunk);
  });
  req.on('end', () => {
    if (size <= limit) done({ ok: true, text: Buffer.concat(chunks, size).toString('utf8') });
  });
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/** Writes a whole answer at once; `headers` may override the Content-Type. */
export function sendText(res: ServerResponse, status: number, payload: string, headers?: Record<string, string>): void {
  // One buffer, encoded once: its length is the Content-Length, and it goes out in the same write as the headers.
  sendBytes(res, status, Buffer.from(payload, 'utf8'), headers);
}

function sendBytes(res: ServerResponse, status: number, bytes: Buffer, headers?: Record<string, string>): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(
    status,
    headers
      ? { 'Content-Type': JSON_TYPE, 'Content-Length': bytes.length, ...headers }
      : { 'Content-Type': JSON_TYPE, 'Content-Length': bytes.length },
  );
  res.end(bytes);
}

/** Bytes of bodies that are sent many times unchanged (see `keepEncoded`). */
const encodedBodies = new WeakMap<object, Buffer>();

/**
 * Marks a body that will be sent many times unchanged (a stored record's Status answer): it is
 * frozen, so nothing can change it behind the kept bytes, and encoded once; `sendJson` then sends
 * those bytes instead of stringifying it again.
 */
export function keepEncoded<T extends object>(body: T): T {
  encodedBodies.set(deepFreeze(body), Buffer.from(JSON.stringify(body), 'utf8'));
  return body;
}

function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value)) if (typeof inner === 'object' && inner !== null) deepFreeze(inner as object);
  return Object.freeze(value);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>): void {
  const kept = typeof body === 'object' && body !== null ? encodedBodies.get(body) : undefined;
  if (kept) sendBytes(res, status, kept, headers);
  else sendText(res, status, JSON.stringify(body), headers);
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
