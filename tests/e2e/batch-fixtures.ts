// Shared by the batch and print e2e files: a terminal of their own (a separate simulator, so the
// tests can read its state in-process), selected in the app, and a batch filled straight over
// SPIn HTTP (keep-alive, one request at a time: the terminal answers one at a time).
import type { RunningSimulator } from '../../simulator';
import { toDollars } from '@shared/spin/money';
import type { AppUnderTest } from './harness';

export interface TestTerminal {
  sim: RunningSimulator;
  tpn: string;
  authkey: string;
}

/** A terminal the fixtures only reach over HTTP: its simulator may run in another process (bench/report-render.ts). */
export type ReachableTerminal = Omit<TestTerminal, 'sim'> & { sim: Pick<RunningSimulator, 'url'> };

/** Adds a profile for the simulator's terminal through the app's services, selects it, reloads the page. */
export async function selectTerminal(app: AppUnderTest, terminal: ReachableTerminal, name: string): Promise<void> {
  const profile = await app.services.profiles.save({
    name,
    environment: 'custom',
    customUrl: terminal.sim.url,
    tpn: terminal.tpn,
    proxyTimeoutSeconds: 120,
    merchantNumber: null,
  });
  await app.services.profiles.setAuthkey(profile.id, terminal.authkey);
  await app.services.profiles.select(profile.id);
  await app.page.reload();
  await app.page.locator('header').getByText(`TPN ${terminal.tpn}`).waitFor();
}

/** One SPIn request straight to the simulator; fails the test unless it is approved. */
export async function spin(terminal: ReachableTerminal, path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch(`${terminal.sim.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ Tpn: terminal.tpn, Authkey: terminal.authkey, ...body }),
  });
  const answer = (await response.json()) as { GeneralResponse: { ResultCode: string; StatusCode: string } };
  if (answer.GeneralResponse.ResultCode !== '0') throw new Error(`${path} was not approved: ${JSON.stringify(answer.GeneralResponse)}`);
  return answer;
}

export function sale(terminal: ReachableTerminal, referenceId: string, cents: number, paymentType = 'Credit') {
  return spin(terminal, '/v2/Payment/Sale', {
    PaymentType: paymentType,
    ReferenceId: referenceId,
    Amount: toDollars(cents),
    GetReceipt: 'No',
  });
}

export function refund(terminal: ReachableTerminal, referenceId: string, cents: number, paymentType = 'Credit') {
  return spin(terminal, '/v2/Payment/Return', { PaymentType: paymentType, ReferenceId: referenceId, Amount: toDollars(cents) });
}

export function voidSale(terminal: ReachableTerminal, referenceId: string, cents: number, paymentType = 'Credit') {
  return spin(terminal, '/v2/Payment/Void', { PaymentType: paymentType, ReferenceId: referenceId, Amount: toDollars(cents) });
}

/**
 * `count` approved sales of $1.00 to $9.99 (no magic amounts), one after another. Returns the
 * amounts in cents so a test can add them up itself.
 */
export async function fillSales(terminal: ReachableTerminal, count: number, prefix = 'F'): Promise<number[]> {
  const amounts: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const cents = 100 + (i % 900);
    await sale(terminal, `${prefix}${i}`, cents);
    amounts.push(cents);
  }
  return amounts;
}
