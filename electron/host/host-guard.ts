import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const TOKEN_COOKIE = 'spin_desk_token';
export const TOKEN_HEADER = 'x-spin-desk-token';

/**
 * The browser host's gate. The host listens on 127.0.0.1 only, but any web page the user opens
 * can still send requests there, so every request must:
 * - name this host exactly in Host (defeats DNS rebinding: a rebound name carries its own Host),
 * - come from this host's origin when it says where it comes from (defeats cross-site requests),
 * - carry this launch's random token, as a cookie or header (defeats everything else).
 */
export class HostGuard {
  readonly #token: Buffer;
  readonly #hosts: Set<string>;
  readonly #origins: Set<string>;

  constructor(token: string, port: number) {
    this.#token = Buffer.from(token);
    this.#hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
    this.#origins = new Set([...this.#hosts].map((host) => `http://${host}`));
  }

  hostAllowed(request: IncomingMessage): boolean {
    return this.#hosts.has((request.headers.host ?? '').toLowerCase());
  }

  originAllowed(request: IncomingMessage): boolean {
    const origin = request.headers.origin;
    return origin === undefined || this.#origins.has(origin.toLowerCase());
  }

  tokenMatches(candidate: string | undefined): boolean {
    if (candidate === undefined) return false;
    const given = Buffer.from(candidate);
    return given.length === this.#token.length && timingSafeEqual(given, this.#token);
  }

  requestHasToken(request: IncomingMessage): boolean {
    const header = request.headers[TOKEN_HEADER];
    if (typeof header === 'string' && this.tokenMatches(header)) return true;
    return this.tokenMatches(readCookie(request.headers.cookie, TOKEN_COOKIE));
  }
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}
