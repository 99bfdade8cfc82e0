import { net, protocol } from 'electron';
import { join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { contentSecurityPolicy } from '../services/security/csp';

export const APP_SCHEME = 'app';
export const APP_ORIGIN = 'app://spin-desk';

// connect-src 'none': the page never opens a network connection; everything goes through IPC.
const CSP = contentSecurityPolicy("'none'");

/** Must run before app 'ready': app:// behaves like a secure, standard origin. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true } }]);
}

/** Serves the built renderer from app://spin-desk/, with the CSP as a response header. */
export function serveRenderer(rendererDir: string): void {
  const root = normalize(rendererDir);
  protocol.handle(APP_SCHEME, async (request) => {
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
