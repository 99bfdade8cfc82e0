import type { JournalEntryView } from '@shared/ipc/journal-views';
import { formatNumber } from '@shared/i18n/format';
import { m } from '../../lib/i18n/messages';
import { moneyOfEntry } from '@shared/ipc/money-model';
import { formatMoney } from '@shared/spin/money';
import { api } from '../../lib/api';

// What the Sale form can say about a surcharge BEFORE charging (issue 36, item 2). A real terminal's
// fee program is set in the vendor's portal and no SPIn request reads it (docs/PROTOCOL.md §4.1,
// "Fees"), so the app knows one only from the terminal's own answers: this PC's journal keeps each
// approval's FeeAmount and TaxAmount. When the terminal's recent approvals of a payment type all
// carried the same percentage (two or more amounts, each fee reproduced to the cent), it runs a
// percentage program on that type; a fee the cashier typed (CustomFee) is a fixed sum and does not
// pass that test. Anything less certain says nothing.

/** A percentage the terminal's answers showed, in basis points (300 = 3 %). */
export interface KnownSurcharge {
  basisPoints: number;
  /** The percentage was of the amount with its tip. */
  onTip: boolean;
  /** Tax on the surcharge, in basis points of it; 0 when its answers named none. */
  taxBasisPoints: number;
}

/** How many recent approvals are read: enough to see a program, few enough to follow a change of it. */
const RECENT = 50;

const share = (cents: number, points: number) => Math.round((cents * points) / 10_000);

interface Charge {
  baseCents: number;
  tipCents: number;
  feeCents: number;
  taxCents: number;
}

/** The percentage every charge's fee is of its base (with its tip when onTip), or null when they disagree. */
function rateOf(charges: readonly Charge[], onTip: boolean): number | null {
  const on = (charge: Charge) => charge.baseCents + (onTip ? charge.tipCents : 0);
  const largest = charges.reduce((best, charge) => (on(charge) > on(best) ? charge : best));
  if (on(largest) <= 0) return null;
  const points = Math.round((largest.feeCents * 10_000) / on(largest));
  return points > 0 && charges.every((charge) => share(on(charge), points) === charge.feeCents) ? points : null;
}

/**
 * The surcharge the terminal's approvals of `paymentType` showed, newest first; null when the newest
 * such approval carried no fee, when fewer than two amounts were seen, or when the fees are no one
 * percentage.
 */
export function surchargeFrom(entries: readonly JournalEntryView[], paymentType: string): KnownSurcharge | null {
  const charges: Charge[] = [];
  for (const entry of entries) {
    if (entry.operation !== 'Sale' || entry.state !== 'approved' || entry.paymentType !== paymentType) continue;
    const money = moneyOfEntry(entry);
    if (money.baseCents === null || money.baseCents <= 0) continue;
    // The newest approval decides: a terminal whose program was turned off charges none now.
    if (money.feeCents === 0) break;
    charges.push({ baseCents: money.baseCents, tipCents: money.tipCents, feeCents: money.feeCents, taxCents: money.taxCents });
  }
  const charged = (charge: Charge) => charge.baseCents + charge.tipCents;
  const [first] = charges;
  if (!first || charges.every((charge) => charged(charge) === charged(first))) return null;
  const onTip = rateOf(charges, false) === null;
  const basisPoints = rateOf(charges, onTip);
  if (basisPoints === null) return null;
  const largestFee = charges.reduce((best, charge) => (charge.feeCents > best.feeCents ? charge : best));
  return { basisPoints, onTip, taxBasisPoints: Math.round((largestFee.taxCents * 10_000) / largestFee.feeCents) };
}

/** "The terminal adds a 3 % surcharge: about $3.30 + $0.26 tax on it", for an amount and tip about to be charged. */
export function surchargeWords(known: KnownSurcharge, amountCents: number, tipCents: number): string {
  const feeCents = share(amountCents + (known.onTip ? tipCents : 0), known.basisPoints);
  const taxCents = share(feeCents, known.taxBasisPoints);
  const percent = formatNumber(known.basisPoints / 100);
  const fee = formatMoney(feeCents);
  return taxCents > 0 ? m.pay_surcharge_before_tax({ percent, fee, tax: formatMoney(taxCents) }) : m.pay_surcharge_before({ percent, fee });
}

/** What each terminal's recent approvals showed, read from the journal when the Sale screen opens and after each sale. */
class KnownSurcharges {
  #entries = $state.raw<Record<string, readonly JournalEntryView[]>>({});

  /** The surcharge known for a terminal and payment type, or null. */
  of(tpn: string, paymentType: string): KnownSurcharge | null {
    const entries = this.#entries[tpn];
    return entries ? surchargeFrom(entries, paymentType) : null;
  }

  async load(tpn: string): Promise<void> {
    try {
      const page = await api.journal.list({ tpn, state: 'approved', limit: RECENT });
      this.#entries = { ...this.#entries, [tpn]: page.entries };
    } catch {
      // Nothing known is said as nothing: the form then names no surcharge.
    }
  }
}

export const knownSurcharges = new KnownSurcharges();
