import { contract } from '@shared/ipc/contract';
import { RequestLog } from '../diagnostics/request-log';
import { Redactor } from '../security/redactor';
import { createSpinClient } from '../spin/spin-client';
import { toDailyReport } from './to-report';

// The first Daily of a big batch after a start ran its code cold: the client's read of the
// answer, the sliced zod read of its rows, toDailyReport and the contract's output check each ran
// several times slower than the second time (V8 had not compiled them yet; bench/report-stages.ts:
// the host's first answer 269 ms against 121 ms warm, of a 300 ms budget for the whole open). So
// once the app has started, while it is idle, the same code reads a made-up Daily answer a few
// times, through the real SPIn client (its fetch answering from memory: nothing is sent), a request
// log of its own and the real checks. Nothing it makes is kept, logged or shown.

/** Enough rows for the client to read the answer's lists in slices, as it does a big batch's. */
const ROWS = 3_000;
/** Reads of the made-up answer: V8 compiles the per-row code once it has run a few thousand times. */
const ROUNDS = 3;
/** Obviously fake; the client's own throwaway Redactor learns it, never the app's. */
const FAKE = { baseUrl: 'http://daily-warm-up.invalid', tpn: 'WARMUP000001', authkey: 'WARMUPFAKE' };

/** A Daily answer as a terminal writes it (docs/PROTOCOL.md §4.14), `rows` transactions in two applications. */
export function madeUpDailyAnswer(rows: number): string {
  const details = ['Credit', 'Debit'].map((application, a) => {
    const transactions = Array.from({ length: rows / 2 }, (_, i) => ({
      Number: String(i + 1),
      ReferenceId: `W${a}${i}`,
      CardType: i % 3 === 0 ? 'Mastercard' : 'Visa',
      TransactionType: i % 7 === 0 ? 'Return' : 'Sale',
      Last4: String(1000 + (i % 9000)),
      Amount: 1 + (i % 900) / 100,
    }));
    return { MerchantNumber: 1, Application: application, TotalAmount: transactions.length, TransactionsDailyReports: transactions };
  });
  const GeneralResponse = { ResultCode: '0', StatusCode: '0000', Message: 'Success', DetailedMessage: 'Success' };
  return JSON.stringify({ GeneralResponse, DailyDetails: details });
}

/**
 * Reads a made-up Daily answer ROUNDS times the way a real one is read, from the answer's bytes to
 * the view dispatch checks, and scans the answer and the view for keys with the app's `redactor`
 * (read only: it learns nothing). Each round lets the event loop run first; the sliced read lets
 * it run within a round.
 */
export async function warmDailyRead(redactor: Redactor, signal: AbortSignal): Promise<void> {
  const text = madeUpDailyAnswer(ROWS);
  const answer = () => new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });
  // Its exchanges go to a request log of its own, in memory, dropped with it: the app's log keeps them as it keeps every answer.
  const log = new RequestLog({ redactor });
  const client = createSpinClient(FAKE, {
    fetch: () => Promise.resolve(answer()),
    redactor: new Redactor(),
    signal,
    onExchange: (exchange) => log.record(exchange),
  });
  const header = { profileId: 'daily-warm-up', tpn: FAKE.tpn, fetchedAt: new Date(0).toISOString() };
  for (let round = 0; round < ROUNDS && !signal.aborted; round += 1) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const view = toDailyReport(header, await client.call('Daily', {}));
    // The app's own scan of an answer's text for the keys it knows (the client's is a throwaway).
    redactor.jsonMayHoldSecret(text);
    if (!contract['reports:daily'].output.safeParse(view).success) throw new Error('the made-up Daily answer breaks the contract');
    redactor.secretsInData(view);
  }
}

/** Long enough after the start for the window to have opened and the first screen to be drawn. */
const WARM_UP_AFTER_MS = 2_000;

/** warmDailyRead once, WARM_UP_AFTER_MS after the services start; stop() cancels it (the app is closing). */
export function scheduleDailyWarmUp(redactor: Redactor, onError: (message: string) => void): { stop(): void } {
  const stopped = new AbortController();
  const timer = setTimeout(() => {
    warmDailyRead(redactor, stopped.signal).catch((error: unknown) => {
      if (!stopped.signal.aborted)
        onError(`Reading a made-up Daily report ahead failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  }, WARM_UP_AFTER_MS);
  // A timer of its own must not keep a closing process alive.
  timer.unref();
  return {
    stop: () => {
      clearTimeout(timer);
      stopped.abort();
    },
  };
}
