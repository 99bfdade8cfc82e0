// Issue 41's proof: the counter story in Spanish, in Chromium, through the real host against the
// real simulator, as a person at the counter meets it at 1024 x 700. They choose Español in the
// shell's language picker, then: a sale with a tip, a decline, a sale canceled on the terminal, a
// sale whose answer is lost (the simulator holds it past the terminal's 2 s) that ends in the
// lookup's verdict, and the batch settled with its Summary printed. Each step's words are the es-US
// catalogue's (the compiled message functions, so a reworded message moves the test with it), money
// is written the es-US way, and English sentences the catalogue translates are gone. Every Spanish
// screen visited is checked with axe in light and dark, for texts cut off at 1024 x 700, and saved
// as a PNG under out/screenshots-es/ for a person to look at (spanish-kit.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as en from '@shared/i18n/paraglide/messages/en.js';
import * as es from '@shared/i18n/paraglide/messages/es-US.js';
import type { AppUnderTest } from './harness';
import { expectResult, goTo, openLab, TPN, useTerminal, type Lab } from './payments-kit';
import { printedBy } from './print-kit';
import { dollars, expectSpanish, keepPrinted, lookAtSpanishScreen, mainText } from './spanish-kit';
import { SIZES } from './viewport-kit';

let lab: Lab;
let app: AppUnderTest;
const page = () => app.page;
const COUNTER = 'Mostrador';
/** SPInProxyTimeout 2 s: a held answer is lost quickly and the journal looks it up. */
const QUICK = 'Mostrador 2s';

/** The words of a message before its first parameter (a parameter may still be English: main's reasons). */
const lead = (message: (inputs: { reason: string }) => string) => message({ reason: '\u0000' }).split('\u0000')[0] ?? '';

/** "The answer was lost" of the lookup's messages (looking it up, or asking again shortly). */
const firstSentence = (text: string) => text.split(/[.,]/)[0] ?? text;

beforeAll(async () => {
  lab = await openLab({ [COUNTER]: 120, [QUICK]: 2 });
  app = lab.app;
  await page().setViewportSize(SIZES[0]);
}, 60_000);

afterAll(async () => {
  await lab?.close();
});

/** Opens a screen by its name in the nav, whatever its title; resolves once the page's title has changed. */
async function openScreen(screen: string): Promise<void> {
  const before = (await page().getByRole('heading', { level: 1 }).textContent()) ?? '';
  await page()
    .getByRole('navigation', { name: es.nav_label({}) })
    .getByRole('button', { name: screen, exact: true })
    .click();
  await page().getByRole('heading', { level: 1 }).filter({ hasNotText: before }).waitFor();
}

const amountBox = () => page().getByLabel(es.pay_detail_amount({}), { exact: true });

/** A new sale of `amount` (and `tip`), sent with Enter as at a real counter. */
async function charge(amount: string, tip?: string): Promise<void> {
  const another = page().getByRole('button', { name: es.pay_new({ what: es.pay_what_sale({}) }) });
  if (await another.isVisible()) await another.click();
  await amountBox().fill(amount);
  if (tip !== undefined)
    await page()
      .getByLabel(new RegExp(`^${es.pay_detail_tip({})}`))
      .fill(tip);
  await amountBox().press('Enter');
}

describe('the counter in Spanish', () => {
  it('switches to Spanish when the person picks Español, and marks the page as Spanish', async () => {
    await page().getByLabel(en.language_label({})).selectOption({ label: 'Español' });
    // Three terminals (the demo's too): the window opened on Store, now in Spanish.
    await page()
      .getByRole('heading', { name: es.store_title({}), level: 1, exact: true })
      .waitFor();
    await goTo(app, es.nav_sale({}), es.pay_title_sale({}), es);
    expect(await page().evaluate(() => document.documentElement.lang)).toBe('es-US');
    await expectSpanish(page(), [es.pay_intro_sale({}), es.pay_form_title_sale({})], [en.pay_intro_sale({}), en.pay_form_title_sale({})]);
    // The shell too: the screens' names and the pickers' labels.
    await page()
      .getByRole('navigation', { name: es.nav_label({}) })
      .getByRole('button', { name: es.nav_history({}), exact: true })
      .waitFor();
    await page().getByLabel(es.language_label({})).waitFor();
    await lookAtSpanishScreen(page(), 'sale');
  });

  it('charges a sale with a tip and says so in Spanish, money the es-US way', async () => {
    await charge('20', '3');
    const card = await expectResult(app, es.pay_approved_sale({}));
    expect(card).toContain(dollars(23));
    expect(card).toContain(dollars(3));
    expect(card).toContain(es.pay_detail_tip({}));
    // The card's own words; the terminal's ("Approved · APPROVAL …") and its receipt stay as it sent them.
    await expectSpanish(page(), [es.pay_receipt_customer({})], [en.pay_receipt_customer({}), en.pay_new({ what: en.pay_what_sale({}) })]);
    await lookAtSpanishScreen(page(), 'sale-approved');
  });

  it('says a decline in Spanish: nothing charged', async () => {
    lab.simulator.control.queueOutcome(TPN, { kind: 'decline' });
    await charge('12.5');
    const card = await expectResult(app, es.pay_result_declined({}));
    expect(card).toContain(es.pay_declined_sale({}));
    expect(card).toContain(dollars(12.5));
    await expectSpanish(
      page(),
      [es.pay_new({ what: es.pay_what_sale({}) })],
      [en.pay_declined_sale({}), en.pay_new({ what: en.pay_what_sale({}) })],
    );
    await lookAtSpanishScreen(page(), 'sale-declined');
  });

  it('cancels a waiting sale on the terminal, in Spanish', async () => {
    lab.simulator.control.queueOutcome(TPN, { kind: 'noAnswer' });
    await charge('8');
    const cancel = page().getByRole('button', { name: es.request_cancel_on_terminal({}) });
    await cancel.waitFor();
    await expectSpanish(page(), [es.request_waiting_customer({})], [en.request_waiting_customer({}), en.request_cancel_on_terminal({})]);
    await lookAtSpanishScreen(page(), 'sale-waiting');
    await cancel.click();
    const card = await expectResult(app, es.pay_result_canceled({}), 10_000);
    expect(card).toContain(es.pay_canceled_nothing_charged({}));
    await expectSpanish(page(), [], [en.pay_result_canceled({}), en.pay_canceled_nothing_charged({})]);
    await lookAtSpanishScreen(page(), 'sale-canceled');
  });

  it('looks up a lost answer and gives the verdict in Spanish', { timeout: 90_000 }, async () => {
    await useTerminal(app, QUICK, es);
    lab.simulator.control.queueOutcome(TPN, { kind: 'noAnswer' });
    await charge('7');
    // After 2 s the proxy answers 2007; the journal asks Status, never sending the sale again.
    await page()
      .getByText(firstSentence(es.pay_recovery_looking_up({})))
      .first()
      .waitFor({ timeout: 30_000 });
    expect(await mainText(page())).not.toContain(firstSentence(en.pay_recovery_looking_up({})));
    const card = await expectResult(app, es.pay_result_failed({}), 45_000);
    expect(card).toContain(lead(es.pay_recovered));
    // Why it was lost: stored in English by main, worded on the page in Spanish (issue 41, shared/ipc/said.ts).
    expect(card).toContain(es.said_why_timeout_2007({}));
    expect(card).toContain(dollars(7));
    await expectSpanish(page(), [], [en.pay_result_failed({}), lead(en.pay_recovered), en.said_why_timeout_2007({})]);
    await lookAtSpanishScreen(page(), 'sale-lost-answer');
    // Sent once and never approved: the simulator's batch holds no 7.00.
    expect(JSON.stringify(lab.simulator.control.getState(TPN).records)).not.toContain('"Amount":7');
    await useTerminal(app, COUNTER, es);
  });

  it('prints the Summary in Spanish from the Settle confirmation, then settles', { timeout: 60_000 }, async () => {
    await goTo(app, es.nav_batch({}), es.batch_title({}), es);
    await page()
      .getByRole('tab', { name: es.batch_tab_summary({}) })
      .waitFor();
    await expectSpanish(page(), [es.report_all_applications({})], [en.report_all_applications({}), en.batch_settle_button({})]);
    await lookAtSpanishScreen(page(), 'batch-summary');

    await page()
      .getByRole('button', { name: es.batch_settle_button({}) })
      .click();
    const dialog = page().getByRole('dialog', { name: es.batch_settle_question({}) });
    await dialog.getByRole('heading', { name: es.batch_print_first({}) }).waitFor();
    const pdf = await printedBy(page(), () => dialog.getByRole('button', { name: es.batch_print_summary({}) }).click());
    keepPrinted(pdf, 'summary');
    const printed = await pdf.allText();
    expect(printed).toContain(es.report_batch_summary({}));
    expect(printed).toContain(es.report_all_applications({}));
    // The approved 23.00 is the open batch's one sale.
    expect(printed).toContain(dollars(23));
    for (const english of [en.report_batch_summary({}), en.report_all_applications({})]) expect(printed).not.toContain(english);

    await dialog.getByRole('button', { name: es.batch_settle_confirm_close({}) }).click();
    await page()
      .getByRole('status')
      .filter({ hasText: es.report_settle_batch_closed({}) })
      .waitFor();
    expect(lab.simulator.control.getState(TPN).settlements).toHaveLength(1);
    await lookAtSpanishScreen(page(), 'batch-settled');
  });

  it(
    'makes and prints the store report in Spanish: the settled counter in the store line, the other lane apart',
    { timeout: 60_000 },
    async () => {
      const store = page().getByRole('region', { name: es.report_store_report({}) });
      await store.getByRole('button', { name: es.batch_store_make({}) }).click();
      await store.getByRole('table', { name: es.batch_store_day_caption({}) }).waitFor();
      await lookAtSpanishScreen(page(), 'store-report');

      await store.getByLabel(es.batch_paper({})).selectOption({ label: es.report_paper_a4({}) });
      const pdf = await printedBy(page(), () =>
        store.getByRole('button', { name: es.batch_print_what({ what: es.batch_what_store_report({}) }) }).click(),
      );
      keepPrinted(pdf, 'store-report');
      const pages: string[] = [];
      for (let n = 1; n <= pdf.pages; n += 1) pages.push(await pdf.text(n));
      pages.forEach((text, i) => expect(text.trim(), `page ${i + 1} of ${pdf.pages}`).not.toBe(''));
      const printed = pages.join('\n');
      expect(pages[0]).toContain(es.report_store_report({}));
      // The counter's one settled sale of 23.00 is the store's day; the 2 s lane settled nothing.
      expect(printed).toMatch(new RegExp(`${es.report_store({})}\\s[^\\n]*${dollars(23).replace('$', '\\$')}`));
      expect(printed).toContain(es.report_chart_by_hour({ name: es.report_store({}) }));
      // Both profiles of the counter's terminal named whole on the line they share.
      expect(printed).toContain(`${COUNTER} / ${QUICK}`);
      for (const english of [
        en.report_store_report({}),
        en.report_store_payments_line({}),
        en.report_chart_by_hour({ name: en.report_store({}) }),
      ])
        expect(printed).not.toContain(english);

      // The 80 mm roll: the same store line, the terminal named whole on the narrow paper too.
      await store.getByLabel(es.batch_paper({})).selectOption({ label: es.report_paper_receipt({}) });
      const roll = await printedBy(page(), () =>
        store.getByRole('button', { name: es.batch_print_what({ what: es.batch_what_store_report({}) }) }).click(),
      );
      keepPrinted(roll, 'store-report-roll');
      const onRoll = (await roll.allText()).replace(/\s+/g, ' ');
      expect(onRoll).toContain(es.report_store_report({}));
      expect(onRoll).toContain(`${COUNTER} / ${QUICK}`);
      // Nothing cut short on the narrow paper (the heading's day line ran off it once).
      expect(onRoll).not.toContain('…');
      expect(onRoll).toMatch(new RegExp(`${es.report_store({})} ${dollars(23).replace('$', '\\$')}`));
    },
  );
});

describe('the other main screens in Spanish at 1024 x 700', () => {
  it('shows Store in Spanish, nothing cut off', async () => {
    await goTo(app, es.nav_store({}), es.store_title({}), es);
    await expectSpanish(page(), [], [en.store_check_title({})]);
    await lookAtSpanishScreen(page(), 'store');
  });

  it('shows Troubleshooting in Spanish, nothing cut off', async () => {
    await goTo(app, es.nav_troubleshooting({}), es.trouble_title({}), es);
    await page()
      .getByRole('tab', { name: es.trouble_tab_check({}) })
      .waitFor();
    await expectSpanish(page(), [es.trouble_intro({})], [en.trouble_intro({})]);
    await lookAtSpanishScreen(page(), 'troubleshooting');
  });

  // History and Terminals are reached by their Spanish names; their own words are still being
  // translated (issue 41), so only their fit, axe and a picture are checked here.
  it('shows History and Terminals at 1024 x 700, nothing cut off', async () => {
    await openScreen(es.nav_history({}));
    await lookAtSpanishScreen(page(), 'history');
    await openScreen(es.nav_terminals({}));
    await lookAtSpanishScreen(page(), 'terminals');
  });

  it('raised no console errors, CSP violations or exceptions in the page', () => {
    expect(app.pageProblems).toEqual([]);
  });
});
