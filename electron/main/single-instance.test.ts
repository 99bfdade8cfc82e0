import { beforeEach, describe, expect, it, vi } from 'vitest';
import { holdSingleInstance } from './single-instance';
import { app, BrowserWindow, resetFakes } from './test-support/fake-electron';

vi.mock('electron', () => import('./test-support/fake-electron'));

beforeEach(resetFakes);

describe('one copy per user', () => {
  it('lets the second launch go (it quits) and brings the first copy forward', () => {
    const window = new BrowserWindow({});
    window.minimized = true;
    expect(holdSingleInstance(() => window.real)).toBe(true);
    app.emit('second-instance', {}, ['spin-desk'], '/');
    expect(window.restore).toHaveBeenCalledOnce();
    expect(window.show).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalledOnce();
  });

  it('is the second launch when the lock is taken', () => {
    app.requestSingleInstanceLock.mockImplementation(() => false);
    expect(holdSingleInstance(() => undefined)).toBe(false);
    expect(app.listenerCount('second-instance')).toBe(0);
  });

  it('does nothing while the first copy has no window yet, or it was closed', () => {
    holdSingleInstance(() => undefined);
    expect(() => app.emit('second-instance', {}, [], '/')).not.toThrow();
    const closed = new BrowserWindow({});
    closed.destroyed = true;
    holdSingleInstance(() => closed.real);
    app.emit('second-instance', {}, [], '/');
    expect(closed.focus).not.toHaveBeenCalled();
  });
});
