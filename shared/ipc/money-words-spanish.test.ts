// Issue 41, item 2: shared's money sentences (the charge check, the parts of a total, the tax on a
// fee, what a support bundle holds) are read from the catalogue when called, so they follow the
// language; what is kept in a file (the journal's CSV, the bundle's `about`) stays English.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readLanguageFrom } from '@shared/i18n/current-language';
import { BASE_LANGUAGE, type Language } from '@shared/i18n/languages';
import { loadLocaleMessages } from '@shared/i18n/paraglide/messages/_index.js';
import { figuresDoNotAddUp } from '@shared/spin/terminal-amounts';
import { chargeCheckShort, chargeCheckWords, checkCharge, type AnsweredAmounts } from './tip-rules';
import { chargedWords, moneyOfRecord, moneyParts, taxOnFeeLabel } from './money-model';
import { supportBundleAbout } from './diagnostics-views';

let language: Language = BASE_LANGUAGE;
readLanguageFrom(() => language);

beforeAll(() => loadLocaleMessages('es-US'));
afterEach(() => {
  language = BASE_LANGUAGE;
});

/** An answer that said none of its figures, with those given. */
const NOTHING_SAID: AnsweredAmounts = { total: null, amount: null, tip: null, fee: null, tax: null };
const answered = (over: Partial<AnsweredAmounts>): AnsweredAmounts => ({ ...NOTHING_SAID, ...over });

describe('money sentences in Spanish', () => {
  it('the charge check says what was meant, what was charged, how the tip was read and what to do', () => {
    language = 'es-US';
    // Meant $20.00 with a $5.00 tip, sent as Amount $20.00; the terminal added the tip on top and a $1.00 fee.
    const onTop = checkCharge(
      { totalCents: 2000, tipCents: 500, sentAmountCents: 2000 },
      answered({ total: 2600, amount: 2500, tip: 500, fee: 100 }),
    )!;
    const words = chargeCheckWords(onTop, 'venta');
    expect(`${words.title}. ${words.lines.join(' ')}`).toBe(
      'La terminal cobró $25.00, no $20.00. Usted ingresó $15.00 + $5.00 de propina = $20.00. ' +
        'La terminal cobró $25.00 ($26.00 con $1.00 de cargos e impuestos), con una propina de $5.00. ' +
        'spin-desk envió Amount $20.00 con TipAmount $5.00: parece que esta terminal suma la propina aparte de Amount.',
    );
    expect(words.remedy).toMatch(
      /^Revise el recibo con el cliente\. Si \$25\.00 está mal, anule este pago \(venta\) y cóbrelo de nuevo por \$20\.00\./,
    );
    expect(chargeCheckShort(onTop)).toBe('la terminal cobró $25.00, no $20.00');
    // The journal's CSV is a file kept for support: English whatever the page speaks.
    expect(chargeCheckShort(onTop, BASE_LANGUAGE)).toBe('the terminal charged $25.00, not $20.00');
    const none = chargeCheckWords(checkCharge({ totalCents: 1234, tipCents: 0 }, answered({}))!, 'reembolso');
    expect(none).toMatchObject({
      title: 'La terminal no dijo cuánto cobró',
      remedy: 'Revise el recibo para asegurarse de que el cliente pagó $12.34.',
    });
  });

  it('the parts of a total, the charged sentence and the tax on a surcharge', () => {
    language = 'es-US';
    const money = moneyOfRecord({ amount: 11000, tip: 1000, fee: 300, tax: 24, total: 11324 });
    expect(moneyParts(money, 'surcharge')).toBe('$100.00 + $10.00 de propina + $3.00 de recargo + $0.24 de impuesto sobre el recargo');
    expect(chargedWords(money, 'surcharge')).toBe(
      'A la tarjeta se le cobró $113.24: $100.00 + $10.00 de propina + $3.00 de recargo + $0.24 de impuesto sobre el recargo',
    );
    expect(taxOnFeeLabel()).toBe('Impuesto sobre el cargo');
    expect(figuresDoNotAddUp()).toBe('Las cifras de la terminal no cuadran');
    language = 'en';
    expect(chargedWords(money, 'surcharge')).toBe(
      'The card was charged $113.24: $100.00 + $10.00 tip + $3.00 surcharge + $0.24 tax on the surcharge',
    );
  });

  it('what a support bundle holds: Spanish on the screen, English in the file', () => {
    language = 'es-US';
    expect(supportBundleAbout().holds[4]).toMatch(/^las últimas 100 solicitudes del registro de solicitudes/);
    expect(supportBundleAbout().leftOut).toMatch(/^Nunca contiene una Authkey/);
    expect(supportBundleAbout(BASE_LANGUAGE).holds[0]).toBe('spin-desk’s version, and the computer’s operating system');
  });
});
