import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { JournalEntry } from '../services/journal/records';
import { RecoveryRegistry } from '../services/recovery/recovery-registry';
import { installQuitGuard } from './quit-guard';
import { speakSpanishInThisTest } from '../../tests/support/speak-spanish';
import { app, BrowserWindow, dialog, resetFakes } from './test-support/fake-electron';

vi.mock('electron', () => import('./test-support/fake-electron'));

beforeEach(resetFakes);

const KEEP_OPEN = { response: 0, checkboxChecked: false };
const QUIT_ANYWAY = { response: 1, checkboxChecked: false };

/** The services' real registry with one payment being sent until `finish()` is called. */
function paymentInFlight() {
  const registry = new RecoveryRegistry();
  let finish = () => {};
  const entry = { intent: { id: 'entry-1', ref: 'REF0001' } } as unknown as JournalEntry;
  const done = registry.track(entry, () => new Promise<void>((resolve) => (finish = resolve)));
  return { registry, finish: async () => (finish(), await done) };
}

const answered = () => vi.waitFor(() => expect(dialog.showMessageBox).toHaveBeenCalled());
/** Lets every promise already settled run its callbacks (the guard's answer to the dialog). */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('quitting while a payment is in flight', () => {
  it('quits at once when nothing is being sent', () => {
    installQuitGuard({ paymentsInFlight: () => new RecoveryRegistry().inProgress(), platform: 'linux' });
    expect(app.tryQuit()).toBe(true);
    expect(dialog.showMessageBox).not.toHaveBeenCalled();
  });

  it('asks first, and stays open when the user says so', async () => {
    const { registry, finish } = paymentInFlight();
    const guard = installQuitGuard({ paymentsInFlight: () => registry.inProgress(), platform: 'linux' });
    const window = new BrowserWindow({});
    guard.watch(window.real);
    dialog.showMessageBox.mockImplementation(async () => KEEP_OPEN);
    expect(app.tryQuit()).toBe(false);
    await answered();
    const [owner, options] = dialog.showMessageBox.mock.calls[0] ?? [];
    expect(owner).toBe(window);
    expect(options).toMatchObject({ type: 'warning', buttons: ['Keep spin-desk open', 'Quit anyway'], cancelId: 0, defaultId: 0 });
    expect((options as { message: string }).message).toMatch(/payment is still waiting/);
    await settled();
    expect(app.quit).not.toHaveBeenCalled();
    // Quitting again asks again: the first answer did not let the app go.
    expect(app.tryQuit()).toBe(false);
    expect(dialog.showMessageBox).toHaveBeenCalledTimes(2);
    await settled();

    // Once the answer is in, quitting asks nothing.
    await finish();
    expect(registry.inProgress()).toBe(0);
    expect(app.tryQuit()).toBe(true);
    expect(dialog.showMessageBox).toHaveBeenCalledTimes(2);
  });

  it('quits when the user chooses to, and does not ask again on the way out', async () => {
    const { registry } = paymentInFlight();
    installQuitGuard({ paymentsInFlight: () => registry.inProgress(), platform: 'linux' });
    dialog.showMessageBox.mockImplementation(async () => QUIT_ANYWAY);
    expect(app.tryQuit()).toBe(false);
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledOnce());
    expect(app.tryQuit()).toBe(true);
    expect(dialog.showMessageBox).toHaveBeenCalledOnce();
  });

  it('shows one question however often quit is pressed while it is open', async () => {
    const { registry } = paymentInFlight();
    installQuitGuard({ paymentsInFlight: () => registry.inProgress(), platform: 'win32' });
    let answer: (value: typeof KEEP_OPEN) => void = () => {};
    dialog.showMessageBox.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    expect(app.tryQuit()).toBe(false);
    expect(app.tryQuit()).toBe(false);
    expect(dialog.showMessageBox).toHaveBeenCalledOnce();
    answer(KEEP_OPEN);
  });

  it('guards closing the window where that quits the app, but not on macOS, where the app keeps running', async () => {
    const { registry } = paymentInFlight();
    const linux = installQuitGuard({ paymentsInFlight: () => registry.inProgress(), platform: 'linux' });
    const window = new BrowserWindow({});
    linux.watch(window.real);
    expect(window.tryClose()).toBe(false);
    await answered();

    resetFakes();
    const mac = installQuitGuard({ paymentsInFlight: () => registry.inProgress(), platform: 'darwin' });
    const macWindow = new BrowserWindow({});
    mac.watch(macWindow.real);
    expect(macWindow.tryClose()).toBe(true);
    expect(app.tryQuit()).toBe(false);
  });

  it('counts stopped lookups as finished', () => {
    const { registry } = paymentInFlight();
    expect(registry.inProgress()).toBe(1);
    registry.stop('REF0001');
    expect(registry.inProgress()).toBe(0);
  });
});

// Issue 41, item 1: the question is worded when quit is pressed, in the language main speaks then.
describe('the quit question in Spanish', () => {
  it('asks in Spanish, with Spanish buttons', async () => {
    const { registry } = paymentInFlight();
    const second = paymentInFlight();
    installQuitGuard({ paymentsInFlight: () => registry.inProgress() + second.registry.inProgress(), platform: 'linux' });
    await speakSpanishInThisTest();
    dialog.showMessageBox.mockImplementation(async () => KEEP_OPEN);
    expect(app.tryQuit()).toBe(false);
    await answered();
    expect(dialog.showMessageBox.mock.calls[0]?.[0]).toMatchObject({
      title: 'Hay un pago en curso',
      message: '2 pagos todavía esperan su respuesta.',
      detail:
        'Si sale ahora, no verá la respuesta aquí. No se pierde nada: spin-desk guardó cada solicitud y consulta su resultado la próxima vez que se inicie.',
      buttons: ['Mantener spin-desk abierto', 'Salir de todos modos'],
    });
  });
});
