import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SimulatorState } from './state';
import { StateFileError, StateWriter, loadStateFile } from './state-file';
import { TEST_TERMINAL } from '../tests/support/simulator-kit';

const tempDir = () => mkdtemp(join(tmpdir(), 'spin-sim-state-'));

describe('state file', () => {
  it('round-trips a terminal through an atomic write, leaving no temp file behind', async () => {
    const dir = await tempDir();
    const path = join(dir, 'state.json');
    const state = new SimulatorState(1, [TEST_TERMINAL]);
    const terminal = state.terminals.get(TEST_TERMINAL.tpn)!;
    terminal.online = false;
    terminal.lastCart = { Items: [] };
    const writer = new StateWriter(path, () => state.toFile());
    writer.schedule();
    await writer.flush();
    expect(await readdir(dir)).toEqual(['state.json']);
    const loaded = await loadStateFile(path);
    const restored = new SimulatorState(1, [TEST_TERMINAL], loaded?.terminals).terminals.get(TEST_TERMINAL.tpn)!;
    expect(restored.toData()).toEqual(terminal.toData());
  });

  it('coalesces bursts and writes the newest state', async () => {
    const dir = await tempDir();
    const path = join(dir, 'state.json');
    let version = 0;
    const writer = new StateWriter(path, () => ({ format: 'spin-desk-simulator', version: 1, terminals: [], n: ++version }) as never, 5);
    for (let i = 0; i < 10; i++) writer.schedule();
    await new Promise((resolve) => setTimeout(resolve, 30));
    await writer.flush();
    expect(version).toBe(1);
    expect(JSON.parse(await readFile(path, 'utf8')).n).toBe(1);
  });

  it('is null when missing and a StateFileError naming the file when corrupt', async () => {
    const dir = await tempDir();
    expect(await loadStateFile(join(dir, 'missing.json'))).toBeNull();
    const corrupt = join(dir, 'corrupt.json');
    await writeFile(corrupt, '{"format":"spin-desk-simulator",');
    await expect(loadStateFile(corrupt)).rejects.toThrow(StateFileError);
    await expect(loadStateFile(corrupt)).rejects.toThrow(`State file ${corrupt}: is not valid JSON`);
    await writeFile(corrupt, '{"format":"other","version":1,"terminals":[]}');
    await expect(loadStateFile(corrupt)).rejects.toThrow(/is not a simulator state file: format/);
  });
});
