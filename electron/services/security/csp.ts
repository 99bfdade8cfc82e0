/**
 * The page's Content-Security-Policy, one rule for both ways the renderer is served (app:// in
 * Electron, the browser host over http). Only connect-src differs: in Electron the page talks
 * through IPC and opens no connection ('none'); in the browser host it calls back to its own
 * origin ('self').
 */
export function contentSecurityPolicy(connectSrc: "'none'" | "'self'"): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connectSrc}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
