import { app, session, type WebContents } from 'electron';
import { APP_ORIGIN } from './app-protocol';

/**
 * Electron's security checklist, applied once for every web contents the app ever creates:
 * no navigation away from the app, no new windows (the app links nowhere outside itself, so
 * nothing is handed to shell.openExternal either), no webviews, and every permission request
 * refused.
 */
export function hardenApp(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(isAllowedPermission(permission, details.requestingUrl)),
  );
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isAllowedPermission(permission, requestingOrigin),
  );
  app.on('web-contents-created', (_event, contents) => hardenContents(contents));
}

function hardenContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!url.startsWith(`${APP_ORIGIN}/`)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!url.startsWith(`${APP_ORIGIN}/`)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/**
 * The one permission the app uses: writing text to the clipboard ("Copy as curl" on the
 * Troubleshooting screen), and only for the app's own pages. Everything else is refused.
 */
function isAllowedPermission(permission: string, url: string): boolean {
  return permission === 'clipboard-sanitized-write' && (url === APP_ORIGIN || url.startsWith(`${APP_ORIGIN}/`));
}

/**
 * Only the app's own top frame may call the contract (not an iframe, not another origin). Compared
 * by scheme and host: Node's URL gives a custom scheme such as app: the opaque origin 'null'.
 */
export function isTrustedSender(frame: Electron.WebFrameMain | null): boolean {
  if (!frame || frame.parent !== null) return false;
  try {
    const url = new URL(frame.url);
    return `${url.protocol}//${url.host}` === APP_ORIGIN;
  } catch {
    return false;
  }
}
