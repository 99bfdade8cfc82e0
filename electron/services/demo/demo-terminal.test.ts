import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_TPN, DemoTerminal } from './demo-terminal';

describe('DemoTerminal state file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'spin-desk-demo-'));
  let demo: DemoTerminal | undefined;
  afterEach(async () => {
    await demo?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts over on a damaged file, keeps the damaged one beside it and says so', async () => {
    const path = join(dir, 'demo-terminal.json');
    writeFileSync(path, '{ not json');
    const errors: string[] = [];
    demo = new DemoTerminal({ processingDelayMs: 0, statePath: path, onError: (message) => errors.push(message) });
    expect((await demo.control()).listTerminals()).toEqual([expect.objectContaining({ tpn: DEMO_TPN })]);
    expect(errors).toEqual([expect.stringMatching(/is not valid JSON.*starts with an empty batch; the old file is kept as .*damaged-/)]);
    const kept = readdirSync(dir).filter((name) => name.startsWith('demo-terminal.json.damaged-'));
    expect(kept).toHaveLength(1);
    expect(readFileSync(join(dir, kept[0] ?? ''), 'utf8')).toBe('{ not json');
    // The new file is the simulator's, written at start.
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ terminals: [expect.objectContaining({ tpn: DEMO_TPN })] });
  });
});
