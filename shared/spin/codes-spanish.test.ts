// Issue 41, item 2: the StatusCode catalogue in Spanish. Its words are read when shown, so the same
// entry reads in the language of that moment: a switch re-words it, nothing is rebuilt.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readLanguageFrom } from '@shared/i18n/current-language';
import { BASE_LANGUAGE, type Language } from '@shared/i18n/languages';
import { loadLocaleMessages } from '@shared/i18n/paraglide/messages/_index.js';
import { codeCatalogue, explainCode } from './codes';

let language: Language = BASE_LANGUAGE;
readLanguageFrom(() => language);

beforeAll(() => loadLocaleMessages('es-US'));
afterEach(() => {
  language = BASE_LANGUAGE;
});

describe('the code catalogue in Spanish', () => {
  it('words a decline, a busy settle, an unknown code and no code at all in Spanish', () => {
    language = 'es-US';
    expect(explainCode('1015')).toMatchObject({
      label: 'Rechazada',
      explanation: 'El emisor de la tarjeta o el procesador rechazó la solicitud.',
      remedy: 'Pida al cliente otra tarjeta u otra forma de pago.',
      family: 'terminal',
    });
    // The money sentence: look it up before charging again.
    expect(explainCode('1014').remedy).toBe(
      'Revise la conexión a internet de la terminal e intente de nuevo. Antes de volver a cobrar, busque el pago (Status) con la misma referencia para ver si se completó.',
    );
    expect(explainCode('1000', 'Settle').remedy).toBe('Espere a que la terminal termine la otra solicitud, y luego liquide de nuevo.');
    expect(explainCode('1040').label).toBe('Error de terminal 1040');
    expect(explainCode('1777').label).toBe('Error de la terminal');
    expect(explainCode(null).label).toBe('Sin código de estado');
  });

  it('re-words the same catalogue entry after a switch', () => {
    const entry = codeCatalogue['2002'];
    expect(entry?.label).toBe('Active authKey not found');
    language = 'es-US';
    expect(entry?.label).toBe('No se encontró una authKey activa');
    language = BASE_LANGUAGE;
    expect(entry?.remedy).toBe(
      'Check the terminal settings in this app (TPN, auth key, test or live environment). Copy the auth key again from the iPOSpays portal.',
    );
  });
});
