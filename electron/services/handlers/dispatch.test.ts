import { describe, expect, it, vi } from 'vitest';
import { AppFailure } from '../app-failure';
import { JournalWriteError } from '../journal/journal-errors';
import { Redactor } from '../security/redactor';
import { SpinError } from '../spin/spin-error';
import { toAppError } from '../to-app-error';
import { createDispatch, MAX_REPLY_ISSUES, type Handlers } from './dispatch';
import { cartItem, PRICE_RULE, refusedCart, TOTAL_RULE } from '../../../tests/support/cart-fixtures';

function handlersWith(overrides: Partial<Handlers>): Handlers {
  const unused = async () => {
    throw new Error('not used in this test');
  };
  return new Proxy(overrides, { get: (target, key) => (target as Record<string | symbol, unknown>)[key] ?? unused }) as Handlers;
}

describe('dispatch', () => {
  const log = { error: vi.fn() };

  it('answers an unknown channel with NOT_FOUND instead of throwing', async () => {
    const dispatch = createDispatch(handlersWith({}), log);
    expect(await dispatch('payments:teleport', {})).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('rejects bad input with BAD_INPUT naming each field and rule, before the handler runs', async () => {
    const sale = vi.fn();
    const dispatch = createDispatch(handlersWith({ 'payments:sale': sale }), log);
    const result = await dispatch('payments:sale', { amountCents: -5, referenceId: 'x'.repeat(51) });
    expect(sale).not.toHaveBeenCalled();
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('BAD_INPUT');
    expect(result.error.fields).toEqual(
      expect.arrayContaining([
        { path: 'amountCents', message: expect.stringMatching(/more than \$0\.00/) },
        { path: 'referenceId', message: expect.stringMatching(/at most 50 characters/) },
      ]),
    );
  });

  // The live service refuses both with 2201 (docs/PROTOCOL.md §4.12); main refuses them before any call.
  describe('a cart without an item price or a total line', () => {
    const cart = refusedCart;
    const priceRule = PRICE_RULE;
    const totalRule = TOTAL_RULE;

    it.each([
      ['display:cart', { cart }],
      ['payments:sale', { amountCents: 1050, referenceId: 'CARTRULE1', cart }],
    ] as const)('%s is refused with BAD_INPUT naming the item price and the total lines', async (channel, input) => {
      const handler = vi.fn();
      const dispatch = createDispatch(handlersWith({ [channel]: handler }), log);
      const result = await dispatch(channel, input);
      expect(handler).not.toHaveBeenCalled();
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.code).toBe('BAD_INPUT');
      expect(result.error.message).toContain(priceRule);
      expect(result.error.message).toContain(totalRule);
      expect(result.error.fields?.map((field) => field.path).sort()).toEqual(['cart.amounts', 'cart.items.2.priceCents']);
    });

    it('is passed on once the item has its price and the cart a total line', async () => {
      const show = vi.fn(async () => ({ statusCode: '0000', message: 'Success' }));
      const dispatch = createDispatch(handlersWith({ 'display:cart': show }), log);
      const fixed = { ...cart, amounts: [{ name: 'Total', valueCents: 1000 }], items: [cartItem('Latte', 450), cartItem('Tea', 550)] };
      expect(await dispatch('display:cart', { cart: fixed })).toMatchObject({ ok: true });
      expect(show).toHaveBeenCalledOnce();
    });
  });

  it('passes parsed input (with defaults) to the handler and returns its data', async () => {
    const dispatch = createDispatch(handlersWith({ 'profiles:select': async ({ id }) => ({ profiles: [], activeId: id }) }), log);
    expect(await dispatch('profiles:select', { id: 'abc' })).toEqual({ ok: true, data: { profiles: [], activeId: 'abc' } });
  });

  it('keeps the code of an AppFailure', async () => {
    const dispatch = createDispatch(
      handlersWith({
        'profiles:select': async () => {
          throw new AppFailure('NOT_FOUND', 'No terminal profile with id nope');
        },
      }),
      log,
    );
    expect(await dispatch('profiles:select', { id: 'nope' })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'No terminal profile with id nope' },
    });
  });

  it('explains a SpinError with the code catalogue', async () => {
    const dispatch = createDispatch(
      handlersWith({
        'profiles:select': async () => {
          throw new SpinError('PROXY', 'x', { endpoint: 'Sale', generalResponse: { ResultCode: '2', StatusCode: '2002' } });
        },
      }),
      log,
    );
    const result = await dispatch('profiles:select', { id: 'a' });
    expect(result).toMatchObject({ ok: false, error: { code: 'PROXY', statusCode: '2002' } });
    if (!result.ok) expect(result.error.remedy?.length).toBeGreaterThan(10);
  });

  // One mapping: a Store run over many terminals words each terminal's failure as dispatch words
  // the same failure of one channel (the Store screen shows it beside the other rows).
  it.each([
    ['an AppFailure', () => new AppFailure('NOT_FOUND', 'No terminal profile with id nope')],
    ['a SpinError', () => new SpinError('PROXY', 'x', { endpoint: 'Sale', generalResponse: { ResultCode: '2', StatusCode: '2002' } })],
    ['a journal that cannot be written', () => new JournalWriteError('DISK_FULL', 'ENOSPC')],
  ])('gives %s the same words as a Store run does', async (_name, failure) => {
    const dispatch = createDispatch(
      handlersWith({
        'profiles:select': async () => {
          throw failure();
        },
      }),
      log,
    );
    const result = await dispatch('profiles:select', { id: 'a' });
    expect(result).toEqual({ ok: false, error: toAppError(failure()) });
  });

  it('reports an unexpected throw or a contract-breaking output as INTERNAL and logs it', async () => {
    const dispatch = createDispatch(
      handlersWith({
        'profiles:select': async () => {
          throw new TypeError('boom');
        },
        'profiles:list': async () => ({ profiles: 'not a list' }) as never,
      }),
      log,
    );
    expect(await dispatch('profiles:select', { id: 'a' })).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(await dispatch('profiles:list', undefined)).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(log.error).toHaveBeenCalledTimes(2);
  });

  it('keeps a reference that looks like a card number whole in its own messages, and masks card numbers a service sent', async () => {
    // 16 digits passing the Luhn check: a reference the cashier must be able to look up as written.
    const ref = '4761739001010119';
    const redactor = new Redactor();
    redactor.addSecret('FAKEKEY0X1');
    const dispatch = createDispatch(
      handlersWith({
        'profiles:select': async () => {
          throw new AppFailure('OUTCOME_UNKNOWN', `The Sale ${ref} was sent but its answer was lost. Look it up by its reference first.`, {
            remedy: `Look up ${ref} (key FAKEKEY0X1).`,
          });
        },
        'profiles:list': async () => {
          throw new SpinError('HTTP_STATUS', `Status answered HTTP 500: card ${ref} refused`, { endpoint: 'Status', httpStatus: 500 });
        },
      }),
      log,
      redactor,
    );
    expect(await dispatch('profiles:select', { id: 'a' })).toMatchObject({
      ok: false,
      error: {
        message: `The Sale ${ref} was sent but its answer was lost. Look it up by its reference first.`,
        remedy: `Look up ${ref} (key <AUTH_KEY>).`,
      },
    });
    expect(await dispatch('profiles:list', undefined)).toMatchObject({
      ok: false,
      error: { code: 'HTTP_STATUS', message: expect.stringContaining('card 4761********0119 refused') },
    });
  });

  it('answers a hostile input in both shells with the first issues and a count, not megabytes', async () => {
    const sale = vi.fn();
    const dispatch = createDispatch(handlersWith({ 'payments:sale': sale }), log);
    const input = Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, 1]));
    const reply = await dispatch('payments:sale', input);
    expect(sale).not.toHaveBeenCalled();
    expect(JSON.stringify(reply).length).toBeLessThan(16 * 1024);
    if (reply.ok) throw new Error('expected a refusal');
    expect(reply.error.code).toBe('BAD_INPUT');
    expect(reply.error.fields).toHaveLength(MAX_REPLY_ISSUES + 1);
    expect(reply.error.message).toMatch(/; and \d[\d,]* more$/);
  });
});
