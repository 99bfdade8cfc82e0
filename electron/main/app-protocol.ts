import { net, protocol } from 'electron';
import { join, normalize, sep } from 'node:path';
import * as m from '@shared/i18n/paraglide/messages/_index.js';
import { pathToFileURL } from 'node:url';
import type { Downloads } from '../services/handlers/downloads';
import { contentSecurityPolicy } from '../services/security/csp';

export const APP_SCHEME = 'app';
export const APP_ORIGIN = 'app://spin-desk';

// connect-src 'none': the page never opens a network connection; everything goes through IPC.
const CSP = contentSecurityPolicy("'none'");

/** Must run before app 'ready': app:// behaves like a secure, standard origin. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true } }]);
}

/**
 * Serves the built renderer from app://spin-desk/, with the CSP as a response header, and the
 * page's downloads under /download/ (`downloads` is there once the services started): a stream the
 * download writes to the file the user chose as it arrives.
 */
export function serveRenderer(rendererDir: string, downloads: () => Downloads | undefined): void {
  const root = normalize(rendererDir);
  protocol.handle(APP_SCHEME, async (request) => {
    const download = downloadResponse(request.url, downloads());
    if (download) return download;
    const file = rendererFile(root, request.url);
    if (!file) return new Response('Not found', { status: 404 });
    let response: Response;
    try {
      response = await net.fetch(pathToFileURL(file).toString());
    } catch {
      return new Response('Not found', { status: 404 });
    }
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', CSP);
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}

/** The answer to an app://spin-desk/download/ address, or undefined for any other address. */
export function downloadResponse(requestUrl: string, downloads: Downloads | undefined): Response | undefined {
  const url = new URL(requestUrl);
  if (url.host !== 'spin-desk' || !url.pathname.startsWith('/download/')) return undefined;
  const answer = downloads?.(url.pathname, url.searchParams) ?? { ok: false, status: 404, message: m.sys_download_not_found() };
  if (!answer.ok) return new Response(answer.message, { status: answer.status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const { filename, type, chunks } = answer.download;
  return new Response(streamOf(chunks), {
    headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${filename}"`, 'X-Content-Type-Options': 'nosniff' },
  });
}

/** Pieces of text as a byte stream read on demand: the next piece is asked for only once the last was taken. */
function streamOf(chunks: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** The file an app:// URL names inside the built renderer; undefined for another host or a path leaving it. */
export function rendererFile(root: string, requestUrl: string): string | undefined {
  const url = new URL(requestUrl);
  if (url.host !== 'spin-desk') return undefined;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
  const file = normalize(join(root, path === '/' ? 'index.html' : path.replace(/^\/+/, '')));
  return file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : undefined;
}
