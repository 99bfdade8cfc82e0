import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shared/i18n/languages';
import { catalogueProblems, parametersOf, projectLocales, readCatalogue } from './message-catalogue';

describe('the message catalogue (i18n/messages)', () => {
  it('declares the languages the app offers, English as the base', () => {
    expect(projectLocales()).toMatchObject({ baseLocale: 'en', locales: [...LANGUAGES] });
  });

  it('has every message in every language, none empty, with the same named parameters', () => {
    const { baseLocale, locales } = projectLocales();
    const catalogues = Object.fromEntries(locales.map((locale) => [locale, readCatalogue(locale)]));
    expect(catalogueProblems(catalogues, baseLocale)).toEqual([]);
  });
});

describe('catalogueProblems (the checker itself)', () => {
  it('finds a key missing from either language, an empty message and parameters that differ', () => {
    const problems = catalogueProblems(
      {
        en: { $schema: 'x', now_using: 'Now using {terminal}.', close: 'Close', total: 'Total {amount}', only_en: 'Only here' },
        'es-US': { now_using: 'Ahora se usa {terminal}.', close: '', total: 'Total {monto}', only_es: 'Solo aquí' },
      },
      'en',
    );
    // English first (the base), then Spanish; within one language in the order the keys are met.
    const [english, ...spanish] = problems;
    expect(english).toBe('en: only_es is missing');
    expect(spanish).toEqual(['es-US: close is empty', 'es-US: total reads {monto} where en reads {amount}', 'es-US: only_en is missing']);
  });

  it('reads the parameters of a plain message and of one with variants', () => {
    expect(parametersOf('{count} of {total} terminals, {count} settled')).toEqual(['count', 'total']);
    expect(parametersOf([{ match: { 'count=one': 'one sale', 'count=other': '{count} sales' } }])).toEqual(['count']);
    expect(parametersOf('No parameters')).toEqual([]);
  });
});
