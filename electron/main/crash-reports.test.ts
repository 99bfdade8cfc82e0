import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { crashDumpPlacement, KEEP_CRASH_REPORTS_SWITCH } from '../services/diagnostics/crash-dump-placement';
import { keepDumpsBounded, startCrashReporter } from './crash-reports';
import { app, crashReporter, resetFakes } from './test-support/fake-electron';

vi.mock('electron', () => import('./test-support/fake-electron'));

beforeEach(resetFakes);

const dataFolder = () => mkdtempSync(join(tmpdir(), 'spin-desk-crash-'));
const modeOf = (dir: string) => statSync(dir).mode & 0o777;

describe('crash reports', () => {
  it("are not collected at all without the user's consent; the folder (for redacted error reports) is still the data folder's", () => {
    const data = dataFolder();
    const dir = startCrashReporter(data, ['electron', '.']);
    expect(dir).toBe(join(data, 'crashes'));
    expect(app.setPath).toHaveBeenCalledWith('crashDumps', dir);
    expect(crashReporter.start).not.toHaveBeenCalled();
  });

  it('with consent for the run: written into the data folder and never uploaded', () => {
    const data = dataFolder();
    const dir = startCrashReporter(data, ['electron', '.', KEEP_CRASH_REPORTS_SWITCH]);
    expect(app.setPath).toHaveBeenCalledWith('crashDumps', dir);
    expect(crashReporter.start).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ uploadToServer: false, submitURL: '' }));
  });

  // On Windows the folder takes the access list of the profile it is in (decided below); modes are POSIX's.
  it("keep their folder readable by the user's account only (0700 on POSIX), also one an older version made 0755", () => {
    const expected = process.platform === 'win32' ? modeOf(tmpdir()) : 0o700;
    const data = dataFolder();
    expect(modeOf(startCrashReporter(data, ['electron', '.', KEEP_CRASH_REPORTS_SWITCH]))).toBe(expected);
    const older = dataFolder();
    mkdirSync(join(older, 'crashes'), { mode: 0o755 });
    chmodSync(join(older, 'crashes'), 0o755);
    expect(modeOf(startCrashReporter(older, ['electron', '.']))).toBe(expected);
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

describe('where crash dumps may be kept (the decision, any platform)', () => {
  const consent = ['spin-desk.exe', KEEP_CRASH_REPORTS_SWITCH];
  it("on Windows only inside the user's profile, whose access list keeps other accounts out", () => {
    const home = 'C:\\Users\\cashier';
    expect(
      crashDumpPlacement({ dataDir: 'C:\\Users\\cashier\\AppData\\Roaming\\spin-desk', argv: consent, platform: 'win32', home }),
    ).toEqual({
      collect: true,
      dir: 'C:\\Users\\cashier\\AppData\\Roaming\\spin-desk\\crashes',
      reason: expect.stringContaining('readable by your account only'),
    });
    for (const dataDir of ['D:\\shared\\spin-desk', 'C:\\Users\\cashier2\\spin-desk', 'C:\\Users\\Public\\spin-desk']) {
      expect(crashDumpPlacement({ dataDir, argv: consent, platform: 'win32', home }), dataDir).toMatchObject({
        collect: false,
        reason: expect.stringContaining('outside your user profile'),
      });
    }
  });

  it('nowhere without the switch, whatever the platform', () => {
    for (const platform of ['win32', 'linux', 'darwin'] as const) {
      expect(
        crashDumpPlacement({ dataDir: '/home/cashier/.config/spin-desk', argv: ['spin-desk'], platform, home: '/home/cashier' }),
      ).toMatchObject({
        collect: false,
        reason: expect.stringContaining(KEEP_CRASH_REPORTS_SWITCH),
      });
    }
  });
});
