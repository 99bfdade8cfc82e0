import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Redactor } from '../services/security/redactor';
import { keySpellingsForTests } from '../../tests/support/key-spellings';
import { exitOnUncaughtError } from './fatal-error';
import { speakSpanishInThisTest } from '../../tests/support/speak-spanish';
import { app, dialog, resetFakes } from './test-support/fake-electron';

vi.mock('electron', () => import('./test-support/fake-electron'));

beforeEach(resetFakes);
afterEach(() => vi.restoreAllMocks());

function setup(close: () => Promise<void>) {
  const crashDir = join(mkdtempSync(join(tmpdir(), 'spin-desk-fatal-')), 'crashes');
  const redactor = new Redactor();
  redactor.addSecret('SECRETKEY9');
  const events = new EventEmitter();
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  exitOnUncaughtError({ redact: (text) => redactor.text(text), crashDir, close, events, now: () => new Date('2026-11-26T10:00:00Z') });
  return { crashDir, events, errors };
}

describe('an error nothing caught in the main process', () => {
  it('is logged and kept redacted, closes the journal and exits with status 1', async () => {
    let closed = false;
    const { crashDir, events, errors } = setup(async () => {
      closed = true;
    });
    events.emit('uncaughtException', new Error('request with Authkey SECRETKEY9 failed'));
    await vi.waitFor(() => expect(app.exit).toHaveBeenCalledWith(1));
    expect(closed).toBe(true);
    expect(dialog.showErrorBox).toHaveBeenCalledOnce();
    const logged = errors.mock.calls.flat().join('\n');
    expect(logged).toContain('request with Authkey <AUTH_KEY> failed');
    expect(logged).not.toContain('SECRETKEY9');
    const [report] = readdirSync(crashDir);
    expect(report).toBe('main-error-2026-11-26T10-00-00.000Z.txt');
    const text = readFileSync(join(crashDir, report ?? ''), 'utf8');
    expect(text).toContain('spin-desk 1.2.3 stopped at 2026-11-26T10:00:00.000Z');
    expect(text).toContain('<AUTH_KEY>');
    expect(text).not.toContain('SECRETKEY9');
  });

  it('keeps no spelling of the key in the report: base64 of TPN:key, upper case, hex, HTML entities', async () => {
    const { crashDir, events, errors } = setup(async () => undefined);
    const spellings = Object.values(keySpellingsForTests('SECRETKEY9', 'SCANTERM01'));
    events.emit('uncaughtException', new Error(`request failed: ${spellings.join(' | ')}`));
    await vi.waitFor(() => expect(app.exit).toHaveBeenCalledWith(1));
    const [report] = readdirSync(crashDir);
    const kept = [readFileSync(join(crashDir, report ?? ''), 'utf8'), errors.mock.calls.flat().join('\n')];
    for (const text of kept)
      for (const spelled of spellings) expect({ spelled, kept: text.includes(spelled) }).toEqual({ spelled, kept: false });
  });

  it('handles a rejected promise the same way, once, and exits even when closing hangs', async () => {
    vi.useFakeTimers();
    try {
      const { events } = setup(() => new Promise<void>(() => undefined));
      events.emit('unhandledRejection', 'plain reason');
      events.emit('uncaughtException', new Error('a second one while closing'));
      await vi.runAllTimersAsync();
      expect(app.exit).toHaveBeenCalledExactlyOnceWith(1);
      expect(dialog.showErrorBox).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});

// Issue 41, item 1: the last words a person sees are in the language main speaks; the report kept
// for support stays English.
describe('the fatal error box in Spanish', () => {
  it('says what happened and what to do in Spanish; the kept report stays English', async () => {
    const { crashDir, events } = setup(async () => undefined);
    await speakSpanishInThisTest();
    events.emit('uncaughtException', new Error('broken'));
    await vi.waitFor(() => expect(app.exit).toHaveBeenCalledWith(1));
    expect(dialog.showErrorBox).toHaveBeenCalledWith(
      'spin-desk se detuvo por un error',
      'Inicie spin-desk de nuevo. Cada pago enviado se registró antes; al iniciar, spin-desk consulta los que no recibieron respuesta. El error se guarda en los informes de fallos de la carpeta de datos para soporte.',
    );
    const [report] = readdirSync(crashDir);
    expect(readFileSync(join(crashDir, report ?? ''), 'utf8')).toContain('spin-desk 1.2.3 stopped at 2026-11-26T10:00:00.000Z');
  });
});
