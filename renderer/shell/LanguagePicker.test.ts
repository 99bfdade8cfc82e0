// Issue 41, item 2: the language is switched in place. The same elements stay in the page (nothing
// is remounted or reloaded, so a form or a payment waiting on the customer is untouched); their
// words, and the figures formatted by the language, change; the choice is remembered through
// app:language.
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LanguageChoice } from '@shared/ipc/language-views';
import { appLanguage } from '../lib/i18n/language.svelte';
import { profiles } from '../state/profiles.svelte';
import { toasts } from '../state/toasts.svelte';
import { callsTo, installFakeTransport } from '../test-support/fake-transport';
import { profileView } from '../test-support/fixtures';
import { polyfillDialog } from '../test-support/jsdom-dialog';
import NavBar from './NavBar.svelte';
import TerminalStateIndicator from './TerminalStateIndicator.svelte';

beforeAll(polyfillDialog);

const profile = profileView();

beforeEach(() => {
  profiles.apply({ profiles: [profile], activeId: profile.id });
});

afterEach(async () => {
  installFakeTransport({ 'app:language': () => ({ language: 'en' }) });
  await appLanguage.show('en');
});

/** main's settings for app:language: what was remembered, and every change. */
function rememberedLanguage(start: LanguageChoice['language'] = null) {
  let language = start;
  return (change: { language: 'en' | 'es-US' } | null | undefined): LanguageChoice => {
    if (change) language = change.language;
    return { language };
  };
}

describe('the language picker', () => {
  it('switches the sidebar to Spanish in place, and remembers the choice on this PC', async () => {
    const calls = installFakeTransport({ 'app:language': rememberedLanguage() });
    render(NavBar);
    const sale = screen.getByRole('button', { name: 'Sale' });
    const payments = screen.getByRole('list', { name: 'Payments' });

    await fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'es-US' } });

    await vi.waitFor(() => expect(sale.textContent).toBe('Venta'));
    // The very same elements, now in Spanish: nothing was remounted.
    expect(screen.getByRole('button', { name: 'Venta' })).toBe(sale);
    expect(screen.getByRole('list', { name: 'Pagos' })).toBe(payments);
    expect(within(screen.getByRole('navigation', { name: 'Pantallas' })).getByRole('button', { name: 'Acerca de spin-desk' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('es-US');
    expect(callsTo(calls, 'app:language').map((call) => call.input)).toEqual([{ language: 'es-US' }]);

    await fireEvent.change(screen.getByRole('combobox', { name: 'Idioma' }), { target: { value: 'en' } });
    await vi.waitFor(() => expect(sale.textContent).toBe('Sale'));
  });

  it('keeps the language shown when this PC cannot remember it, and says so in that language', async () => {
    installFakeTransport({
      'app:language': (change) =>
        change ? { error: { code: 'SETTINGS_NOT_SAVED', message: 'El disco está lleno.' } } : { language: null },
    });
    render(NavBar);
    await fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'es-US' } });
    await vi.waitFor(() =>
      expect(toasts.items.map((toast) => toast.message)).toEqual([
        'El idioma cambió en esta pantalla, pero esta PC no pudo recordarlo. El disco está lleno.',
      ]),
    );
    expect(screen.getByRole('button', { name: 'Venta' })).toBeTruthy();
  });

  it('takes up a language chosen in the Electron menu (Help → Language) without a reload', async () => {
    const remembered = rememberedLanguage('en');
    installFakeTransport({ 'app:language': remembered });
    render(NavBar);
    const sale = screen.getByRole('button', { name: 'Sale' });
    remembered({ language: 'es-US' });
    await appLanguage.follow();
    await vi.waitFor(() => expect(sale.textContent).toBe('Venta'));
  });
});

describe('the header in Spanish', () => {
  it('words the terminal state and formats the time of the last answer by the language, in place', async () => {
    const lastSuccessAt = '2026-03-04T15:05:09.000Z';
    installFakeTransport({
      'app:language': rememberedLanguage(),
      'terminal:status': () => ({ profileId: profile.id, state: 'online', detail: 'Answered TerminalStatus.', lastSuccessAt }),
    });
    render(TerminalStateIndicator);
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/Terminal: Online/));
    const status = screen.getByRole('status');
    const english = new Date(lastSuccessAt).toLocaleTimeString('en-US');
    expect(status.textContent).toContain(`last answer ${english}`);

    await appLanguage.choose('es-US');

    await vi.waitFor(() => expect(status.textContent).toMatch(/Terminal: En línea/));
    expect(status.textContent).toContain(`última respuesta ${new Date(lastSuccessAt).toLocaleTimeString('es-US')}`);
    expect(screen.getByRole('status')).toBe(status);
  });
});
