import { describe, expect, it } from 'vitest';
import { BusyWindow } from './busy-window';
import { SimulatorControlError, createControl } from './control';
import { SimulatorState } from './state';
import { TEST_TERMINAL } from '../tests/support/simulator-kit';

function setup() {
  const state = new SimulatorState(5, [TEST_TERMINAL, { tpn: 'OTHERTPN0001', authkey: 'OTHERKEY01' }]);
  let changes = 0;
  state.onChange(() => changes++);
  return { state, control: createControl(state, new BusyWindow()), changes: () => changes };
}

describe('SimulatorControl', () => {
  it('queues answers and outcomes with defaults filled in, and reports them in the state view', () => {
    const { control, changes } = setup();
    control.queueAnswer(TEST_TERMINAL.tpn, { kind: 'card' });
    control.queueOutcome(TEST_TERMINAL.tpn, { kind: 'busy' });
    const view = control.getState(TEST_TERMINAL.tpn);
    expect(view.queuedAnswers).toEqual([{ kind: 'card', card: {} }]);
    expect(view.queuedOutcomes).toEqual([{ kind: 'busy', seconds: 5 }]);
    expect(changes()).toBe(2);
    control.clearQueues(TEST_TERMINAL.tpn);
    expect(control.getState(TEST_TERMINAL.tpn).queuedOutcomes).toEqual([]);
  });

  it('refuses bad input with a message naming the field, and unknown terminals with 404', () => {
    const { control } = setup();
    const attempt = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return error instanceof SimulatorControlError ? `${error.status} ${error.message}` : String(error);
      }
      return 'no error';
    };
    expect(attempt(() => control.queueOutcome(TEST_TERMINAL.tpn, { kind: 'busy', seconds: 0 }))).toBe(
      '400 Invalid payment outcome: seconds must be at least 1',
    );
    expect(attempt(() => control.queueAnswer(TEST_TERMINAL.tpn, { kind: 'shout' } as never))).toMatch(/^400 Invalid customer answer: kind/);
    expect(attempt(() => control.setOnline('NOSUCHTPN01', false))).toBe("404 Unknown terminal 'NOSUCHTPN01'");
    expect(attempt(() => control.addOfflineTransaction(TEST_TERMINAL.tpn, { referenceId: 'S 1', amount: 1 }))).toMatch(
      /^400 Invalid offline transaction: referenceId must be 1-50 letters or digits/,
    );
  });

  it('adds store-and-forward records to the open batch with their TransactionDateTime', () => {
    const { control } = setup();
    const at = '2026-03-01T10:00:00.000Z';
    const record = control.addOfflineTransaction(TEST_TERMINAL.tpn, { referenceId: 'SNF1', amount: 12.34, transactionDateTime: at });
    expect(record).toMatchObject({ ReferenceId: 'SNF1', TransactionNumber: '1', TransactionDateTime: at, Amounts: { Amount: 12.34 } });
    expect(() => control.addOfflineTransaction(TEST_TERMINAL.tpn, { referenceId: 'SNF1', amount: 1 })).toThrow(/already used/);
    expect(control.getState(TEST_TERMINAL.tpn).totals).toMatchObject({ SaleAmount: 12.34, TransactionsCount: 1 });
  });

  it('resets one terminal or all of them to a fresh state', () => {
    const { control } = setup();
    control.setOnline(TEST_TERMINAL.tpn, false);
    control.setOnline('OTHERTPN0001', false);
    control.reset(TEST_TERMINAL.tpn);
    expect(control.listTerminals().map((t) => t.online)).toEqual([true, false]);
    control.reset();
    expect(control.listTerminals().map((t) => t.online)).toEqual([true, true]);
    expect(() => control.reset('NOSUCHTPN01')).toThrow(SimulatorControlError);
  });
});
