import { describe, expect, it } from 'vitest';
import { consoleSink } from './console-sink';
import { HostLog } from './host-log';

function run(verbose: boolean): string[] {
  const lines: string[] = [];
  const log = new HostLog({ sink: consoleSink({ verbose, write: (line) => lines.push(line) }) });
  log.add({ time: '2026-01-01T00:00:00.000Z', method: 'GET', path: '/', status: 200, durationMs: 3 });
  log.add({ time: '2026-01-01T00:00:01.000Z', method: 'POST', path: '/api/app:info', status: 200, durationMs: 1 });
  for (let i = 0; i < 3; i += 1) log.error('Could not look up Sale REF1 yet; trying again', 'no Authkey');
  return lines;
}

describe('what the browser version prints while it runs', () => {
  it('is quiet by default: problems only, each said once, in words', () => {
    expect(run(false)).toEqual(['spin-desk: Could not look up Sale REF1 yet; trying again no Authkey']);
  });

  it('prints every entry as a JSON line with --verbose', () => {
    const lines = run(true);
    expect(lines).toHaveLength(5);
    expect(lines.map((line) => (JSON.parse(line) as { path: string }).path)).toEqual(['/', '/api/app:info', '-', '-', '-']);
  });
});
