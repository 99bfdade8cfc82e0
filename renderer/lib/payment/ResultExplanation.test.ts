import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { said } from '@shared/ipc/said';
import { appLanguage } from '../i18n/language.svelte';
import { approvedResult } from '../../test-support/fixtures';
import ResultExplanation from './ResultExplanation.svelte';

const declined = approvedResult({
  outcome: 'declined',
  resultCode: '2',
  statusCode: '1011',
  message: 'Active authKey not found',
  explanation: 'The payment service did not accept the terminal’s key.',
  remedy: 'Check the Authkey on the Terminals screen.',
  referenceId: 'SDREF9',
});

describe('Result explanation', () => {
  it('puts our explanation and next step first, and the service’s own words and code under Details', () => {
    render(ResultExplanation, { result: declined, checkFirst: false });
    expect(screen.getByText('The payment service did not accept the terminal’s key.')).toBeTruthy();
    expect(screen.getByText('What to do:').parentElement?.textContent).toBe('What to do: Check the Authkey on the Terminals screen.');
    const details = screen.getByText('Details').closest('details')!;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain('The payment service said');
    expect(details.textContent).toContain('“Active authKey not found”');
    expect(details.textContent).toContain('1011');
    expect(screen.queryByText('Check before charging again')).toBeNull();
  });

  it('asks to check the payment by its reference before charging again, and says when the outcome was looked up', () => {
    render(ResultExplanation, {
      result: { ...declined, resultCode: '1', recovery: { how: 'status-lookup', reason: 'the connection dropped' } },
      checkFirst: true,
      what: 'refund',
    });
    expect(screen.getByText('Check before charging again').parentElement?.textContent).toContain(
      'Make sure this refund did not go through',
    );
    expect(screen.getByText('SDREF9')).toBeTruthy();
    expect(screen.getByText(/Found by looking it up/).textContent).toContain('(the connection dropped)');
    expect(screen.getByText('Details').closest('details')!.textContent).toContain('The terminal said');
  });

  it('leaves the catalogue’s remedy out where a charge warning says what to do', () => {
    render(ResultExplanation, {
      result: {
        ...declined,
        chargeCheck: { state: 'not-said', meantCents: 100, meantTipCents: 0, chargedCents: null, chargedTipCents: null, totalCents: null },
      },
      checkFirst: false,
    });
    expect(screen.queryByText('What to do:')).toBeNull();
  });
});

describe('Result explanation of a lost answer in Spanish', () => {
  afterEach(async () => {
    await appLanguage.show('en');
  });

  const lost = (withSaid: boolean) => ({
    ...declined,
    recovery: {
      how: 'status-lookup' as const,
      reason: 'the terminal did not answer in time (2007)',
      ...(withSaid ? { said: said('said_why_timeout_2007') } : {}),
    },
  });

  it('gives the reason main stored in the page’s language, switching in place', async () => {
    render(ResultExplanation, { result: lost(true), checkFirst: false });
    const line = screen.getByText(/Found by looking it up/);
    expect(line.textContent).toBe('Found by looking it up: the first answer was lost (the terminal did not answer in time (2007)).');

    await appLanguage.show('es-US');

    await vi.waitFor(() =>
      expect(line.textContent).toBe('Encontrado al buscarlo: la primera respuesta se perdió (la terminal no respondió a tiempo (2007)).'),
    );
  });

  it('keeps the English reason of a result that carries no Said', async () => {
    await appLanguage.show('es-US');
    render(ResultExplanation, { result: lost(false), checkFirst: false });
    expect(screen.getByText(/Encontrado al buscarlo/).textContent).toContain('(the terminal did not answer in time (2007))');
  });
});
