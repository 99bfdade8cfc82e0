import { beforeEach, describe, expect, it, vi } from 'vitest';
import { hardenApp, isTrustedSender } from './security';
import { app, FakeWebContents, resetFakes, session } from './test-support/fake-electron';

vi.mock('electron', () => import('./test-support/fake-electron'));

beforeEach(resetFakes);

/** A web contents as Electron would create it, already hardened by the app. */
function hardenedContents(): FakeWebContents {
  hardenApp();
  const contents = new FakeWebContents();
  app.emit('web-contents-created', {}, contents);
  return contents;
}

/** Fires a cancellable web contents event; true when the app let it happen. */
function allowed(contents: FakeWebContents, event: string, ...args: unknown[]): boolean {
  let prevented = false;
  contents.emit(event, { preventDefault: () => (prevented = true) }, ...args);
  return !prevented;
}

describe('hardenApp', () => {
  it('lets the page move only within app://spin-desk', () => {
    const contents = hardenedContents();
    expect(allowed(contents, 'will-navigate', 'app://spin-desk/index.html')).toBe(true);
    for (const url of ['https://example.com/', 'file:///etc/passwd', 'app://spin-desk.evil/', 'http://127.0.0.1:9/']) {
      expect(allowed(contents, 'will-navigate', url), url).toBe(false);
      expect(allowed(contents, 'will-redirect', url), url).toBe(false);
    }
  });

  it('opens no new window and attaches no webview', () => {
    const contents = hardenedContents();
    expect(contents.windowOpenHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'app://spin-desk/index.html' })).toEqual({ action: 'deny' });
    expect(allowed(contents, 'will-attach-webview', {}, {})).toBe(false);
  });

  it('refuses every permission but clipboard writes from the app itself', () => {
    hardenApp();
    const request = session.defaultSession.permissionRequest as unknown as (
      contents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: { requestingUrl: string },
    ) => void;
    const check = session.defaultSession.permissionCheck as unknown as (contents: unknown, permission: string, origin: string) => boolean;
    const answer = (permission: string, url: string) => {
      const callback = vi.fn();
      request({}, permission, callback, { requestingUrl: url });
      return callback.mock.calls[0]?.[0];
    };
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal', 'fullscreen', 'hid', 'serial', 'clipboard-read']) {
      expect(answer(permission, 'app://spin-desk/index.html'), permission).toBe(false);
      expect(check({}, permission, 'app://spin-desk'), permission).toBe(false);
    }
    expect(answer('clipboard-sanitized-write', 'app://spin-desk/index.html')).toBe(true);
    expect(check({}, 'clipboard-sanitized-write', 'app://spin-desk')).toBe(true);
    expect(answer('clipboard-sanitized-write', 'https://example.com/')).toBe(false);
  });
});

describe('isTrustedSender', () => {
  const frame = (url: string, parent: unknown = null) => ({ url, parent }) as unknown as Electron.WebFrameMain;

  it("trusts only the app's own top frame", () => {
    expect(isTrustedSender(frame('app://spin-desk/index.html'))).toBe(true);
    expect(isTrustedSender(frame('app://spin-desk/index.html', frame('app://spin-desk/index.html')))).toBe(false);
    expect(isTrustedSender(frame('https://example.com/'))).toBe(false);
    expect(isTrustedSender(frame('app://other/index.html'))).toBe(false);
    expect(isTrustedSender(frame('not a url'))).toBe(false);
    expect(isTrustedSender(null)).toBe(false);
  });
});
