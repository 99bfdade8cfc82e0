// Prompts and display end to end, through the UI against a simulator: typed input (plain and
// hidden), a choice, a card read (masked; no track data crosses to the page), a cart on its own,
// a customer cancel (1012), a prompt nobody answers (live wait, then 2007) and one whose wait the
// cashier stopped (no abort sent: cancel it on the terminal), each shown calmly; and a cart sent to a
// service that does not offer Cart (issue 39), which says so by name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainCode } from '@shared/spin/codes';
import { createSpinClient } from '../../electron/services/spin/spin-client';
import { startSimulator } from '../../simulator';
import { goTo, noticeText, openCounter, openTab, answersOn, type Counter } from './prompts-kit';

const TPN = 'E2EPRMPT001';
let counter: Counter;

beforeAll(async () => {
  // A short SPInProxyTimeout so the unanswered prompt ends within the test.
  counter = await openCounter(TPN, 'PRMPTKEY01', 3);
  await goTo(counter.app, 'Prompts and display');
});

afterAll(async () => {
  await counter?.close();
});

const page = () => counter.app.page;
const queue = (answer: Parameters<Counter['simulator']['control']['queueAnswer']>[1]) => counter.simulator.control.queueAnswer(TPN, answer);

async function ask(title: string): Promise<void> {
  await page().getByLabel('Question on the terminal').fill(title);
  await page().getByLabel('Question on the terminal').press('Enter');
}

describe('prompts', () => {
  it('asks for input and shows what the customer typed', async () => {
    expect(await counter.app.checkScreen('prompts-input')).toEqual([]);
    queue({ kind: 'text', text: '90210' });
    await page().getByLabel('What the customer types', { exact: true }).selectOption('Number');
    await page()
      .getByLabel(/^Longest answer/)
      .fill('5');
    await ask('Enter your ZIP code');
    expect(await noticeText(counter.app, 'The customer answered')).toContain('90210');
    expect(await counter.app.checkScreen('prompts-input-answered')).toEqual([]);
  });

  it('masks a hidden answer until someone reveals it', async () => {
    queue({ kind: 'text', text: '4321' });
    await page().getByRole('button', { name: 'Clear answer' }).click();
    await page()
      .getByLabel(/Hide what the customer types/)
      .check();
    await ask('Enter your code');
    const answer = page().getByLabel('Hidden answer');
    await answer.waitFor();
    expect(await answer.textContent()).toBe('••••');
    expect(await page().locator('main').textContent()).not.toContain('4321');
    expect(await counter.app.checkScreen('prompts-input-hidden')).toEqual([]);
    await page().getByRole('button', { name: 'Show answer' }).click();
    expect(await page().getByLabel('Answer', { exact: true }).textContent()).toBe('4321');
  });

  it('shows the wait while nobody answers, then the timeout calmly', async () => {
    queue({ kind: 'noAnswer' });
    await page().getByRole('button', { name: 'Clear answer' }).click();
    await page()
      .getByLabel(/Hide what the customer types/)
      .uncheck();
    // The prompt's own 8 s stretch the profile's 3 s SPInProxyTimeout to 13 s (8 + 5 to answer).
    await page()
      .getByLabel(/^Time to answer/)
      .fill('8');
    await ask('Still there?');
    await page().getByRole('status').filter({ hasText: 'Waiting for the customer to answer on the terminal' }).waitFor();
    await page()
      .getByText(/1 s waited · the terminal gives up after 13 s/)
      .waitFor();
    expect(await counter.app.checkScreen('prompts-waiting')).toEqual([]);
    const text = await noticeText(counter.app, 'No answer from the terminal in time');
    expect(text).toContain(explainCode('2007').explanation);
    expect(await page().locator('main').getByRole('alert').count()).toBe(0);
  });

  it('asks the customer to choose and shows the option picked', async () => {
    await openTab(counter.app, 'Ask to choose');
    queue({ kind: 'option', option: 'Email' });
    await page().getByLabel('Option 1', { exact: true }).fill('Print');
    await page().getByLabel('Option 2', { exact: true }).fill('Email');
    await page().getByRole('button', { name: 'Add option' }).click();
    await page().getByLabel('Option 3', { exact: true }).fill('No receipt');
    await ask('How would you like your receipt?');
    expect(await noticeText(counter.app, 'The customer chose')).toContain('Email');
    expect(await counter.app.checkScreen('prompts-choice')).toEqual([]);
  });

  it('shows a customer cancel (1012) calmly with the catalogue explanation', async () => {
    queue({ kind: 'cancel' });
    await page().getByRole('button', { name: 'Clear answer' }).click();
    await ask('How would you like your receipt?');
    const text = await noticeText(counter.app, 'Canceled on the terminal');
    expect(text).toContain(explainCode('1012').explanation);
    expect(await page().locator('main').getByRole('alert').count()).toBe(0);
    expect(await counter.app.checkScreen('prompts-cancelled')).toEqual([]);
  });

  it('offers only to stop waiting for a prompt (no cancel can be aimed at it), and says to cancel it on the terminal', async () => {
    queue({ kind: 'noAnswer' });
    await page().getByRole('button', { name: 'Clear answer' }).click();
    await ask('How would you like your receipt?');
    await page().getByText("To cancel it, press Cancel on the terminal's screen.").waitFor();
    expect(await page().getByRole('button', { name: 'Cancel on terminal' }).count()).toBe(0);
    await page().getByRole('button', { name: 'Stop waiting' }).click();
    expect(await noticeText(counter.app, 'Stopped waiting')).toMatch(/press Cancel there/);
    expect(await page().locator('main').getByRole('alert').count()).toBe(0);
    // Nothing was sent to the terminal: the prompt is still on it until someone cancels it there.
    const onTerminal = () => counter.simulator.control.listTerminals().find((t) => t.tpn === TPN)?.busy;
    expect(onTerminal()).toBe(true);
    await createSpinClient({ baseUrl: counter.simulator.url, tpn: TPN, authkey: 'PRMPTKEY01' }).call('AbortTransaction', {});
    await expect.poll(onTerminal).toBe(false);
  });

  it('reads a card and shows only brand, entry type, first 4 and last 4', async () => {
    await openTab(counter.app, 'Read a card');
    queue({ kind: 'card', card: { brand: 'Amex', last4: '1005', entryType: 'Contactless', name: 'SECRET/HOLDER' } });
    await page()
      .getByLabel(/^Message on the terminal/)
      .fill('Tap your card');
    await page().getByRole('button', { name: 'Read a card' }).click();
    const text = await noticeText(counter.app, 'Card read');
    expect(text).toContain('3714 •••• •••• 1005');
    expect(text).toContain('Amex');
    expect(text).toContain('Contactless');
    const html = await page().content();
    expect(html).not.toMatch(/371449|SECRET|HOLDER/);
    // Track data and the account never cross to the page: only the reduced read does.
    const answers = await answersOn(counter.app, 'prompts:getCard');
    expect(answers).toHaveLength(1);
    expect(JSON.parse(answers[0] ?? '')).toEqual({
      ok: true,
      data: { first4: '3714', last4: '1005', entryType: 'Contactless', brand: 'Amex' },
    });
    expect(await counter.app.checkScreen('prompts-card')).toEqual([]);
  });

  it('sends a cart on its own and the terminal shows it in dollars', async () => {
    await openTab(counter.app, 'Show a cart');
    expect(await counter.app.checkScreen('prompts-cart-empty')).toEqual([]);
    await page().getByRole('button', { name: 'Add item' }).click();
    await page().getByLabel('Item 1 name').fill('Latte');
    await page()
      .getByLabel(/^Quantity/)
      .fill('2');
    await page()
      .getByLabel(/^Unit price/)
      .fill('4.99');
    await page()
      .getByLabel(/^Price/)
      .fill('9.98');
    await page()
      .getByRole('button', { name: /Show modifiers and infos/ })
      .click();
    await page().getByRole('button', { name: 'Add modifier' }).click();
    await page().getByLabel('Item 1 modifier 1 name').fill('Milk');
    await page().getByLabel('Option 1', { exact: true }).fill('Oat');
    await page().getByLabel('Option 1 price').fill('0.60');
    await page().getByRole('button', { name: 'Add info' }).click();
    await page().getByLabel('Info 1 name').fill('Size');
    await page().getByLabel('Info 1 value').fill('Large');
    await page().getByRole('button', { name: 'Add total line' }).click();
    await page().getByLabel('Total line 1 name').fill('Total');
    await page().getByLabel('Total line 1 amount').fill('10.58');
    expect(await counter.app.checkScreen('prompts-cart')).toEqual([]);
    await page().getByRole('button', { name: 'Show on the terminal' }).click();
    expect(await noticeText(counter.app, 'The cart is on the customer display')).toContain('0000');
    expect(counter.simulator.control.getState(TPN).lastCart).toEqual({
      Amounts: [{ Name: 'Total', Value: 10.58 }],
      Items: [
        {
          Name: 'Latte',
          Price: 9.98,
          UnitPrice: 4.99,
          Quantity: 2,
          CustomInfos: [{ Name: 'Size', Value: 'Large' }],
          Modifiers: [{ Name: 'Milk', Options: [{ Name: 'Oat', Price: 0.6, Quantity: null }] }],
        },
      ],
    });
  });

  it("says the terminal's service does not offer Cart when it lacks one (issue 39: production answered 404)", async () => {
    // The same terminal behind a service without Cart (simulator environment production-2026), for
    // this step only: the profile is pointed at it and back, in the same app launch.
    const production = await startSimulator({ port: 0, terminals: [{ tpn: TPN, authkey: 'PRMPTKEY01' }], environment: 'production-2026' });
    const { profiles } = await counter.app.services.profiles.list();
    const profile = profiles.find((p) => p.name === 'Counter');
    const draft = {
      id: profile?.id ?? '',
      name: 'Counter',
      environment: 'custom' as const,
      tpn: TPN,
      proxyTimeoutSeconds: 3,
      merchantNumber: null,
    };
    await counter.app.services.profiles.save({ ...draft, customUrl: production.url });
    try {
      await page().getByRole('button', { name: 'Show on the terminal' }).click();
      const text = await noticeText(counter.app, "Not offered by this terminal's service");
      expect(text).toContain("This terminal's service does not offer Cart (showing a cart on the customer display).");
      expect(text).toContain('A sale can still carry the cart');
      expect(text).not.toContain(explainCode('2004').explanation);
      expect(await page().locator('main').getByRole('alert').count()).toBe(0);
      expect(await counter.app.checkScreen('prompts-cart-not-offered')).toEqual([]);
      expect(production.control.getState(TPN).lastCart).toBeNull();
    } finally {
      await counter.app.services.profiles.save({ ...draft, customUrl: counter.simulator.url });
      await production.close();
    }
  });

  it('raised no console errors, CSP violations or exceptions in the page', () => {
    expect(counter.app.pageProblems).toEqual([]);
  });
});
