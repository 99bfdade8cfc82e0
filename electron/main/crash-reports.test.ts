import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { keepDumpsBounded, startCrashReporter } from './crash-reports';
import { app, crashReporter, resetFakes } from './test-support/fake-electron';

vi.mock('electron', () => import('./test-support/fake-electron'));

beforeEach(resetFakes);

describe('crash reports', () => {
  it('are written into the data folder and never uploaded', () => {
    const dir = startCrashReporter('/data/spin-desk');
    expect(dir).toBe(join('/data/spin-desk', 'crashes'));
    expect(app.setPath).toHaveBeenCalledWith('crashDumps', dir);
    expect(crashReporter.start).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ uploadToServer: false, submitURL: '' }));
  });

  it('are kept bounded: the oldest beyond the limit go, and the log says how many', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'spin-desk-dumps-')), 'crashes');
    mkdirSync(join(dir, 'completed'), { recursive: true });
    for (let n = 0; n < 22; n += 1) {
      const file = join(dir, 'completed', `dump-${String(n).padStart(2, '0')}.dmp`);
      writeFileSync(file, 'MDMP');
      utimesSync(file, 1_700_000_000 + n, 1_700_000_000 + n);
    }
    const log = vi.fn();
    await keepDumpsBounded(dir, log);
    expect(readdirSync(join(dir, 'completed')).sort()[0]).toBe('dump-02.dmp');
    expect(log).toHaveBeenCalledWith(`Removed the 2 oldest crash report(s) from ${dir}.`);
  });
});
