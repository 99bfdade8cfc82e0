import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { closeDatabase, openForWriting } from '../../electron/services/journal/journal-database';
import { JOURNAL_FILE } from '../../electron/services/journal/open-journal';
import type { IntentLine, JournalLine, JournalResult, NewIntent, OutcomeLine } from '../../electron/services/journal/records';
import { applyLine, statements } from '../../electron/services/journal/sqlite-journal';

// A year of a busy shop's payment journal for the benchmarks: N entries over four lanes (terminals),
// as the SQLite journal holds them after a year of use.
//
// How it is written: the journal's own `applyLine` (sqlite-journal.ts), the function each
// recordIntent / recordAttempt / recordUnknown / recordOutcome runs inside its transaction, fed the
// lines those calls would have written, on a connection opened by the journal's own
// `openForWriting` (synchronous=OFF, as openJournal(dir, { durable: false }) opens it). The only
// differences from 2,000,000 calls through the API: the lines go in transactions of 100,000
// entries instead of one each (1,000,000 entries in about 2 minutes here, against 6.8 s for 20,000
// through the API, which would be 6 minutes or more), a larger page cache on this connection while
// building, and the lines carry the fixture's times (spread over the year) instead of the clock's.
// The file is the same: the same tables, rows, indexes and FTS index.
//
// What is in it, per entry, from a seeded generator (the same seed gives the same journal, ids aside):
//  - Sale 94 %, Return 3 %, Void 3 %; Credit 85 %, Debit 15 %; a tip on 20 %; an invoice number on 10 %;
//  - ReferenceIds as the app makes them (newReferenceId: "SD" + base-36 ms + 6 random) 80 %,
//    typed by the cashier as an invoice ("INV-2026-004711") 15 %, or a numeric order number 5 %;
//  - outcomes: approved 95 %, declined 3.5 %, partial 0.5 %, refused 0.5 % (the next entry then
//    reuses the reference, as the app allows), not-processed 0.5 %; approvals carry the terminal's
//    amounts, auth code, transaction and batch numbers; cards from a pool of 50,000 (brand, first 4,
//    last 4), so a last 4 matches about 100 entries;
//  - 1 % pending (intent, and for half of them the "unknown" note, no outcome), 1 % resolved late
//    (intent, "unknown" note, the outcome found by a Status lookup 50 to 5,000 entries later), 0.5 %
//    resent once after a busy answer (an attempt line).

export const FIXTURE_TPNS = ['FLT0000001', 'FLT0000002', 'FLT0000003', 'FLT0000004'] as const;
const PROFILE_IDS = FIXTURE_TPNS.map((_, i) => `3f2b8c1e-1111-2222-3333-44445555666${i}`);
const YEAR_MS = 365 * 24 * 3600 * 1000;
const CARD_POOL = 50_000;
const BRANDS = [
  { brand: 'Visa', first4: ['4761', '4111', '4532', '4916'] },
  { brand: 'Mastercard', first4: ['5425', '5105', '2221'] },
  { brand: 'Amex', first4: ['3714', '3782'] },
  { brand: 'Discover', first4: ['6011', '6445'] },
] as const;

/** Where fixtureFolder keeps built journals (build output, ignored by git). */
const FIXTURE_HOME = 'out/bench';
const FIXTURE_SEED = 23;

/**
 * A folder holding an N-entry fixture journal, built on the first call (about 2 minutes and 2 GB for
 * 1,000,000 entries) and reused by later runs and other benchmarks; `rebuild` builds it again. Treat
 * it as read-only: open it only to read, and copy it (copyFixture) for anything that writes.
 */
export function fixtureFolder(entries: number, rebuild = false): { dir: string; summary: FixtureSummary; reused: boolean } {
  const dir = join(FIXTURE_HOME, `journal-fixture-${entries}`);
  const marker = join(dir, 'fixture.json');
  if (!rebuild && existsSync(marker)) {
    const summary = JSON.parse(readFileSync(marker, 'utf8')) as FixtureSummary & { seed: number };
    if (summary.entries === entries && summary.seed === FIXTURE_SEED) return { dir, summary, reused: true };
  }
  rmSync(dir, { recursive: true, force: true });
  const summary = buildJournal(dir, entries, FIXTURE_SEED);
  writeFileSync(marker, JSON.stringify({ ...summary, seed: FIXTURE_SEED }));
  return { dir, summary, reused: false };
}

/** Copies a fixture's journal into `dataDir` (a data folder of its own, for a host or a writer). */
export function copyFixture(fixture: string, dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  copyFileSync(join(fixture, JOURNAL_FILE), join(dataDir, JOURNAL_FILE));
}

/** mulberry32: a small seeded generator, good enough to spread the fixture's choices. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FixtureSummary {
  entries: number;
  lines: number;
  /** Entries left without an outcome (journal.pending() must find exactly these). */
  pending: number;
  resolvedLate: number;
  buildMs: number;
}

/**
 * Writes an N-entry journal into `dataDir` (its journal.sqlite, where openJournal(dataDir) finds it).
 * The folder must not hold a journal yet.
 */
export function buildJournal(dataDir: string, entries: number, seed = FIXTURE_SEED): FixtureSummary {
  const started = performance.now();
  mkdirSync(dataDir, { recursive: true });
  const opened = openForWriting(join(dataDir, JOURNAL_FILE), false);
  const { db } = opened;
  const sql = statements(db);
  const random = generator(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const cards = Array.from({ length: CARD_POOL }, () => {
    const brand = pick(BRANDS);
    return { brand: brand.brand, first4: pick(brand.first4), last4: String(Math.floor(random() * 10_000)).padStart(4, '0') };
  });
  const summary: FixtureSummary = { entries, lines: 0, pending: 0, resolvedLate: 0, buildMs: 0 };
  const apply = (line: JournalLine) => {
    const problem = applyLine(sql, line);
    if (problem) throw new Error(`the fixture wrote a line the journal refuses (${problem.kind}): ${JSON.stringify(line)}`);
    summary.lines += 1;
  };
  // Outcomes found later by a Status lookup, by the entry number at which they are written.
  const late = new Map<number, OutcomeLine[]>();
  const endMs = Date.now() - 3600_000;
  const stepMs = YEAR_MS / entries;
  const counters = FIXTURE_TPNS.map(() => ({ transaction: 0, batch: 1, invoice: 1000 }));
  let reuse: { ref: string; lane: number } | undefined;
  // Big transactions and a big cache: the same rows, far fewer page writes.
  db.pragma('cache_size = -262144');
  const write = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i += 1) {
      const atMs = endMs - YEAR_MS + Math.floor(i * stepMs + random() * stepMs);
      const lane = reuse?.lane ?? Math.floor(random() * FIXTURE_TPNS.length);
      const counter = counters[lane] as (typeof counters)[number];
      const roll = random();
      const op = roll < 0.94 ? 'Sale' : roll < 0.97 ? 'Return' : 'Void';
      const amountCents = 100 + Math.floor(random() ** 2 * 25_000);
      const tipCents = op === 'Sale' && random() < 0.2 ? Math.round(amountCents * 0.15) : 0;
      const kind = random();
      const ref =
        reuse?.ref ??
        (kind < 0.8
          ? `SD${atMs.toString(36)}${Math.floor(random() * 36 ** 6)
              .toString(36)
              .padStart(6, '0')}`.toUpperCase()
          : kind < 0.95
            ? `INV-2026-${String((counter.invoice += 1)).padStart(6, '0')}`
            : String(10_000_000 + Math.floor(random() * 89_999_999)));
      reuse = undefined;
      const intent: IntentLine = {
        t: 'intent',
        id: randomUUID(),
        at: new Date(atMs).toISOString(),
        op,
        ref,
        tpn: FIXTURE_TPNS[lane] as string,
        profileId: PROFILE_IDS[lane] as string,
        paymentType: random() < 0.85 ? 'Credit' : 'Debit',
        amountCents,
        tipCents,
        deadlineAt: new Date(atMs + 122_000).toISOString(),
        ...(random() < 0.1 ? { invoiceNumber: String(counter.invoice) } : {}),
        ...(op === 'Sale' && tipCents > 0 ? { sentAmountCents: amountCents + tipCents } : {}),
      };
      apply(intent);
      if (random() < 0.005) {
        apply({
          t: 'attempt',
          id: intent.id,
          at: new Date(atMs + 3_000).toISOString(),
          attempt: 1,
          deadlineAt: new Date(atMs + 125_000).toISOString(),
          why: 'the terminal was busy (2008)',
        });
      }
      const fate = random();
      const card = pick(cards);
      const result: JournalResult =
        fate < 0.95 ? 'approved' : fate < 0.985 ? 'declined' : fate < 0.99 ? 'partial' : fate < 0.995 ? 'refused' : 'not-processed';
      counter.transaction += 1;
      if (counter.transaction % 400 === 0) counter.batch += 1;
      const charged = result === 'approved' || result === 'partial';
      const approvedCents = result === 'partial' ? Math.floor(amountCents / 2) : amountCents + tipCents;
      const outcome: OutcomeLine = {
        t: 'outcome',
        id: intent.id,
        at: new Date(atMs + 2_000 + Math.floor(random() * 18_000)).toISOString(),
        result,
        statusCode:
          result === 'approved'
            ? '0000'
            : result === 'partial'
              ? '0000'
              : result === 'declined'
                ? '1015'
                : result === 'refused'
                  ? '1011'
                  : '2301',
        message:
          result === 'approved'
            ? 'Approved'
            : result === 'partial'
              ? 'Partially approved'
              : result === 'declined'
                ? 'Declined'
                : result === 'refused'
                  ? 'Refused before it reached the terminal'
                  : 'Not processed: the terminal has no record of it',
        ...(charged
          ? {
              authCode: Math.floor(random() * 36 ** 6)
                .toString(36)
                .toUpperCase()
                .padStart(6, '0'),
            }
          : {}),
        ...(result !== 'refused' && result !== 'not-processed'
          ? { transactionNumber: String(counter.transaction), batchNumber: String(counter.batch) }
          : {}),
        ...(charged ? { approvedCents, totalCents: approvedCents, answeredTipCents: tipCents, feeCents: 0, taxCents: 0 } : {}),
        ...(result === 'approved' || result === 'partial' || result === 'declined' ? { card } : {}),
      };
      const state = random();
      if (state < 0.01) {
        // Pending: the app stopped before the answer, the lookup has not found it yet.
        summary.pending += 1;
        if (state < 0.005) apply({ t: 'unknown', id: intent.id, at: outcome.at, reason: 'the answer was lost (timeout)' });
      } else if (state < 0.02) {
        // Resolved late: the answer was lost, a Status lookup found it some time later.
        summary.resolvedLate += 1;
        apply({ t: 'unknown', id: intent.id, at: outcome.at, reason: 'the answer was lost (timeout)' });
        const when = i + 50 + Math.floor(random() * 4_950);
        const later = { ...outcome, recovery: { how: 'status-lookup' as const, reason: 'the answer was lost (timeout)' } };
        if (when >= entries) apply(later);
        else late.set(when, [...(late.get(when) ?? []), later]);
      } else {
        apply(outcome);
        // A reference refused before it reached the terminal may be sent again: the next entry does.
        if (result === 'refused') reuse = { ref, lane };
      }
      for (const line of late.get(i) ?? []) apply(line);
      late.delete(i);
    }
  });
  const SLICE = 100_000;
  for (let from = 0; from < entries; from += SLICE) write(from, Math.min(entries, from + SLICE));
  db.pragma('wal_checkpoint(TRUNCATE)');
  closeDatabase(opened);
  summary.buildMs = performance.now() - started;
  return summary;
}

/** A new ReferenceId as the app makes them (renderer/lib/reference-id.ts), not in any journal. */
let refCounter = 0;
export function newRef(): string {
  refCounter += 1;
  return `SD${Date.now().toString(36)}Z${refCounter.toString(36).padStart(5, '0')}`.toUpperCase();
}

/** The benchmarks' sale intent: a new ReferenceId on one of the fixture's terminals, the amount varied by `i`. */
export function saleIntent(i: number): NewIntent {
  return {
    op: 'Sale',
    ref: newRef(),
    tpn: FIXTURE_TPNS[i % FIXTURE_TPNS.length] as string,
    profileId: '3f2b8c1e-1111-2222-3333-444455556660',
    paymentType: 'Credit',
    amountCents: 100 + ((i * 7919) % 25_000),
    tipCents: 0,
    deadlineMs: Date.now() + 122_000,
  };
}
