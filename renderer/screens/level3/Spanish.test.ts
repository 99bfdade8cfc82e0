// Issue 41: the Level 3 lines on the terminal in Spanish: the count the terminal reported, the
// table's headings, each line's total by the language's money format and its Remove button.
import { render, screen } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appLanguage } from '../../lib/i18n/language.svelte';
import { profileView } from '../../test-support/fixtures';
import { emptyTarget } from './level3-forms';
import { level3 } from './level3-state.svelte';
import StagedLines from './StagedLines.svelte';

beforeEach(() => {
  level3.request.reset();
  level3.target = { ...emptyTarget(), authCode: 'A1B2C3', referenceId: 'REF1' };
  level3.authCode = 'A1B2C3';
  level3.lineItemCount = 1;
  level3.staged = [{ number: 1, description: 'Tornillos', totalCents: 250075 }];
});

afterEach(async () => {
  await appLanguage.show('en');
});

describe('Level 3 lines in Spanish', () => {
  it('says the count, the headings, the total and the buttons in Spanish', async () => {
    await appLanguage.show('es-US');
    render(StagedLines, { profile: profileView() });
    expect(screen.getByRole('heading', { name: 'Líneas en la terminal' })).toBeTruthy();
    expect(screen.getByRole('status').textContent?.replace(/\s+/g, ' ').trim()).toBe(
      'Cantidad de líneas del código de autorización A1B2C3: 1',
    );
    expect(screen.getByRole('columnheader', { name: 'Descripción' })).toBeTruthy();
    const total = new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' }).format(2500.75);
    expect(screen.getByRole('cell', { name: total })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Quitar línea 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Quitar todas las líneas' })).toBeTruthy();
    expect(screen.getByLabelText(/^Número de línea/)).toBeTruthy();
  });
});
