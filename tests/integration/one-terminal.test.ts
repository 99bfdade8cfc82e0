// Two terminal profiles on one simulated terminal, its address spelled two ways (127.0.0.1 and
// LOCALHOST with a trailing slash), through the app's real channels: a sale on one holds the
// terminal, so a sale on the other is refused at once (TERMINAL_BUSY, nothing journaled or sent)
// instead of going out and being answered busy after a wait; "Cancel on terminal" from the other
// spelling reaches the held sale. The held sale's reference is 16 digits that pass the card-number
// check: the busy message and the request log name it whole, as the cashier must look it up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogPage } from '@shared/ipc/diagnostics-views';
import type { AppError } from '@shared/ipc/envelope';
import type { AbortResult } from '@shared/ipc/terminal-views';
import type { PaymentResult } from '@shared/ipc/payment-result-views';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { addTerminal, data, SENTINEL, startServices } from './diagnostics-kit';

const TPN = 'ONETERM001';
/** Luhn-valid, like a card number: a POS may use such a number as its reference. */
const REF = '4761739001010119';

let sim: RunningSimulator;
let services: Awaited<ReturnType<typeof startServices>>;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, terminals: [{ tpn: TPN, authkey: SENTINEL }], seed: 17 });
  services = await startServices();
});
afterAll(async () => {
  await services?.close();
  await sim?.close();
});

const isBusy = () => sim.control.listTerminals().find((t) => t.tpn === TPN)?.busy;

describe('one terminal, however its address is spelled', () => {
  it('refuses a second sale from another spelling at once, naming the first by its whole reference; cancel reaches it', async () => {
    const byAddress = await addTerminal(services, 'Front counter', sim.url, TPN);
    const byName = await addTerminal(services, 'Front counter (by name)', `${sim.url.replace('127.0.0.1', 'LOCALHOST')}/`, TPN);
    expect(byName.endpointLabel).not.toBe(byAddress.endpointLabel);

    // 20.07: the simulated customer never acts, so the terminal holds the sale until it is cancelled.
    const held = data<PaymentResult>(services, 'payments:sale', { profileId: byAddress.id, amountCents: 2007, referenceId: REF });
    await expect.poll(isBusy).toBe(true);
    const requestsBefore = (await data<LogPage>(services, 'diagnostics:log', {})).kept;

    const second = await services.dispatch('payments:sale', { profileId: byName.id, amountCents: 500, referenceId: 'ONE2' });
    expect(second.ok).toBe(false);
    expect((second as { error: AppError }).error).toMatchObject({
      code: 'TERMINAL_BUSY',
      message: `This terminal is busy with sale ${REF} from this PC — wait for it or cancel it.`,
      busyWith: { operation: 'Sale', referenceId: REF, profileId: byAddress.id },
    });
    // Nothing of the second sale was journaled or sent.
    expect(await services.journal.usesOf(TPN, 'ONE2')).toEqual([]);
    expect((await data<LogPage>(services, 'diagnostics:log', {})).kept).toBe(requestsBefore);

    expect(await data<AbortResult>(services, 'terminal:abort', { profileId: byName.id })).toMatchObject({
      sent: true,
      operation: 'Sale',
      referenceId: REF,
    });
    expect(await held).toMatchObject({ statusCode: '1012', referenceId: REF });
    const sale = (await data<LogPage>(services, 'diagnostics:log', { endpoint: 'Sale' })).entries[0];
    expect(sale?.referenceId).toBe(REF);
  });
});
