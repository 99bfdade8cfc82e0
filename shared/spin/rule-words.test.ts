// Issue 41, item 1: a field rule is worded when its check fails, in the language of that moment.
// The schemas are built once, when their modules load; these tests switch the language after that
// and expect the same schema to name the same field and rule in Spanish, then in English again.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readLanguageFrom } from '@shared/i18n/current-language';
import { BASE_LANGUAGE, type Language } from '@shared/i18n/languages';
import { loadLocaleMessages } from '@shared/i18n/paraglide/messages/_index.js';
import { ProfileDraft } from '@shared/ipc/profile-views';
import { SaleForm, StatusListInput } from '@shared/ipc/payment-views';
import { CartInput } from '@shared/ipc/display-views';
import { checkCustomUrl } from '@shared/ipc/base-url';
import { SaleRequest } from './requests/payment';
import { parseMoney } from './money';
import { describeIssues, formatIssues } from './validation';
import { requestExamples } from '../../tests/support/spin-examples';

let language: Language = BASE_LANGUAGE;
readLanguageFrom(() => language);

beforeAll(() => loadLocaleMessages('es-US'));
afterEach(() => {
  language = BASE_LANGUAGE;
});

/** Field path -> message, as the renderer's forms and main's BAD_INPUT `fields` carry them. */
function fieldsOf(schema: { safeParse(input: unknown): { success: boolean; error?: unknown } }, input: unknown) {
  const parsed = schema.safeParse(input);
  expect(parsed.success).toBe(false);
  return Object.fromEntries(formatIssues(parsed.error as never).map(({ path, message }) => [path, message]));
}

const draft = { name: '', environment: 'demo', tpn: '12345', proxyTimeoutSeconds: 1.5, merchantNumber: 9 };

describe('field rules in Spanish', () => {
  it('a terminal form names each field with its rule in Spanish', () => {
    language = 'es-US';
    expect(fieldsOf(ProfileDraft, draft)).toEqual({
      name: 'no debe estar vacío',
      tpn: 'debe tener de 10 a 12 caracteres',
      proxyTimeoutSeconds: 'debe ser un número entero',
      merchantNumber: 'debe ser de 1 a 5',
    });
  });

  it('the same schema says it in English again after a switch back', () => {
    language = 'es-US';
    fieldsOf(ProfileDraft, draft);
    language = 'en';
    expect(fieldsOf(ProfileDraft, draft)).toMatchObject({ name: 'must not be empty', tpn: 'must be 10 to 12 characters' });
  });

  it('money rules say the amount in dollars, and a refinement keeps its field', () => {
    language = 'es-US';
    expect(fieldsOf(SaleForm, { amountCents: 0, referenceId: 'ABC1', paymentType: 'EBT_Food', customFeeCents: 100 })).toMatchObject({
      amountCents: 'debe ser más de $0.00',
      customFeeCents: 'no se permite con EBT: la terminal rechaza ahí un cargo adicional (1004)',
    });
    expect(fieldsOf(StatusListInput, { fromIndex: 9, toIndex: 3 })).toEqual({ toIndex: 'no debe ser menor que el primer número' });
    expect(fieldsOf(CartInput, { amounts: [], cashPrices: [], items: [] })).toEqual({
      amounts: 'debe contener al menos 1 línea de total: el servicio SPIn rechaza un carrito sin ella',
    });
  });

  it('a SPIn request names the wire field and the rule in one sentence', () => {
    language = 'es-US';
    const parsed = SaleRequest.safeParse({ ...requestExamples.Sale, ReferenceId: 'R'.repeat(51), Amount: 0 });
    expect(parsed.success).toBe(false);
    expect(describeIssues(parsed.error!)).toBe('ReferenceId debe tener como máximo 50 caracteres; Amount debe ser mayor que 0');
  });

  it('what a person types into an amount box or a base URL box is refused in Spanish', () => {
    language = 'es-US';
    expect(parseMoney('abc')).toEqual({ ok: false, error: 'Escriba un monto como 12.50' });
    expect(parseMoney('1.234')).toEqual({ ok: false, error: 'Use como máximo 2 decimales' });
    expect(checkCustomUrl('http://spin.example.com')).toEqual({
      ok: false,
      message: 'debe usar https:// (http simple solo se permite para esta computadora, 127.0.0.1)',
    });
  });
});
