import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { SettleMachine } from './settle-machine.svelte';

/** A promise the test settles by hand, to look at the machine while a step is under way. */
function pending<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('SettleMachine, the confirmation of Settle and Settle all', () => {
  it('reads what the confirmation shows, then waits on the person with Close chosen afresh', async () => {
    const machine = new SettleMachine<string>();
    machine.type = 'Force';
    const read = pending<string>();
    const opened = machine.readThenConfirm(() => read.promise);
    expect(machine.phase).toBe('reading');
    expect(machine.busy).toBe(true);
    read.resolve('2 open, $12.00');
    expect(await opened).toBe(true);
    expect(machine.phase).toBe('confirming');
    expect(machine.preview).toBe('2 open, $12.00');
    expect(machine.type).toBe('Close');
    expect(machine.busy).toBe(false);
  });

  it('a failed read closes nothing and says why', async () => {
    const machine = new SettleMachine<string>();
    const opened = await machine.readThenConfirm(async () => {
      throw new ApiError({ code: 'NETWORK', message: 'The terminal did not answer.' });
    });
    expect(opened).toBe(false);
    expect(machine.phase).toBe('idle');
    expect(machine.error?.message).toBe('The terminal did not answer.');
  });

  it('Cancel goes back to idle without settling', async () => {
    const machine = new SettleMachine<string>();
    await machine.readThenConfirm(async () => 'plan');
    machine.dismiss();
    expect(machine.phase).toBe('idle');
  });

  it('settles once with the chosen type, refuses a second start meanwhile, and ends done', async () => {
    const machine = new SettleMachine<string>();
    await machine.readThenConfirm(async () => 'plan');
    machine.type = 'Clear';
    const work = pending<void>();
    const types: string[] = [];
    const first = machine.settle((type) => (types.push(type), work.promise));
    expect(machine.phase).toBe('settling');
    expect(await machine.settle(async (type) => void types.push(type))).toBe(false);
    expect(await machine.readThenConfirm(async () => 'again')).toBe(false);
    expect(machine.clear()).toBe(false);
    work.resolve();
    expect(await first).toBe(true);
    expect(types).toEqual(['Clear']);
    expect(machine.phase).toBe('done');
    expect(machine.error).toBeNull();
  });

  it('a failed settle ends done with the error, in the words it came with', async () => {
    const machine = new SettleMachine<string>();
    await machine.readThenConfirm(async () => 'plan');
    await machine.settle(async () => {
      throw new ApiError({ code: 'OUTCOME_UNKNOWN', message: 'The answer was lost.' });
    });
    expect(machine.phase).toBe('done');
    expect(machine.error?.code).toBe('OUTCOME_UNKNOWN');
    expect(machine.error?.message).toBe('The answer was lost.');
    expect(machine.clear()).toBe(true);
    expect(machine.phase).toBe('idle');
    expect(machine.error).toBeNull();
  });
});
