import { describe, expect, it } from 'vitest';
import { languageOfTags } from './languages';

describe('the language of a PC that has not chosen one', () => {
  it('is Spanish (US) for any Spanish the system prefers, English otherwise', () => {
    expect(languageOfTags(['es-MX', 'en-US'])).toBe('es-US');
    expect(languageOfTags(['es'])).toBe('es-US');
    expect(languageOfTags(['es_419'])).toBe('es-US');
    expect(languageOfTags(['en-GB', 'es-ES'])).toBe('en');
    // The first language spin-desk speaks wins; one it does not speak is passed over.
    expect(languageOfTags(['fr-CA', 'es-US'])).toBe('es-US');
    expect(languageOfTags(['de-DE'])).toBe('en');
    expect(languageOfTags([])).toBe('en');
  });
});
