import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import CheckSteps from './CheckSteps.svelte';

// The steps of a connection check (or of "Verify this terminal"), in order, each with its state.

describe('the steps of a check', () => {
  it('lists each step with its state, the time of finished steps only, and its detail', () => {
    render(CheckSteps, {
      steps: [
        { id: 'dns', name: 'Find the payment service', status: 'ok', detail: 'api.spinpos.net', durationMs: 42 },
        { id: 'auth', name: 'TPN and Authkey accepted', status: 'failed', detail: 'The service refused the Authkey.', durationMs: 2500 },
        { id: 'online', name: 'Terminal online', status: 'running', detail: '', durationMs: 900 },
        { id: 'later', name: 'Something after', status: 'skipped', detail: '' },
      ],
    });
    const items = [...screen.getByRole('list', { name: 'Steps of the check' }).querySelectorAll('li')].map((li) =>
      li.textContent?.replace(/\s+/g, ' ').trim(),
    );
    expect(items).toEqual([
      '✓ Find the payment service OK · 42 ms api.spinpos.net',
      '✗ TPN and Authkey accepted Failed · 2.5 s The service refused the Authkey.',
      '… Terminal online Checking…',
      '– Something after Skipped',
    ]);
  });

  it('names the list as its caller says', () => {
    render(CheckSteps, { steps: [], label: 'Steps of the verification' });
    expect(screen.getByRole('list', { name: 'Steps of the verification' })).toBeTruthy();
  });
});
