import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HANG_GRACE_MS, MAX_RELOADS, recoverRenderer, RELOAD_WINDOW_MS } from './renderer-recovery';
import { BrowserWindow, resetFakes } from './test-support/fake-electron';

vi.mock('electron', () => import('./test-support/fake-electron'));

beforeEach(() => {
  resetFakes();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

function watched() {
  const window = new BrowserWindow({});
  const options = { log: vi.fn(), onLost: vi.fn(), onGiveUp: vi.fn(), now: () => Date.now() };
  recoverRenderer(window.real, options);
  const gone = (reason: string) => window.webContents.emit('render-process-gone', {}, { reason, exitCode: 139 });
  return { window, options, gone };
}

describe("the window's page, when it is lost", () => {
  it('is loaded again after a crash, and the loss is logged and tidied up after', () => {
    const { window, options, gone } = watched();
    gone('crashed');
    expect(window.loadURL).toHaveBeenCalledExactlyOnceWith('app://spin-desk/index.html');
    expect(options.onLost).toHaveBeenCalledOnce();
    expect(options.log).toHaveBeenCalledWith(expect.stringContaining('crashed, exit code 139'));
  });

  it('is left alone when it ended cleanly (the window closing) or the window is gone', () => {
    const { window, gone } = watched();
    gone('clean-exit');
    window.destroyed = true;
    gone('crashed');
    expect(window.loadURL).not.toHaveBeenCalled();
  });

  it(`is ended after ${HANG_GRACE_MS / 1000} s without an answer, which then reloads it; one that answers again in time is kept`, () => {
    const { window } = watched();
    window.emit('unresponsive');
    vi.advanceTimersByTime(HANG_GRACE_MS - 1);
    window.emit('responsive');
    vi.advanceTimersByTime(HANG_GRACE_MS);
    expect(window.webContents.forcefullyCrashRenderer).not.toHaveBeenCalled();

    window.emit('unresponsive');
    // Electron repeats the event while the page hangs: one timer, one end.
    window.emit('unresponsive');
    vi.advanceTimersByTime(HANG_GRACE_MS);
    expect(window.webContents.forcefullyCrashRenderer).toHaveBeenCalledOnce();
  });

  it(`stops reloading after ${MAX_RELOADS} losses within a minute and says so, but reloads again later`, () => {
    const { window, options, gone } = watched();
    for (let loss = 0; loss <= MAX_RELOADS; loss += 1) gone('oom');
    expect(window.loadURL).toHaveBeenCalledTimes(MAX_RELOADS);
    expect(options.onGiveUp).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(RELOAD_WINDOW_MS);
    gone('crashed');
    expect(window.loadURL).toHaveBeenCalledTimes(MAX_RELOADS + 1);
  });
});
