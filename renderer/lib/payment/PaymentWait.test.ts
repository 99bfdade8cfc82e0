import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { JournalPending, LiveRecovery } from '@shared/ipc/journal-views';
import { installFakeTransport } from '../../test-support/fake-transport';
import { pendingSale } from '../../test-support/fixtures';
import PaymentWait from './PaymentWait.svelte';

afterEach(() => {
  document.body.innerHTML = '';
});

const REF = 'SDWAIT1';
const props = { referenceId: REF, profileId: 'p1', startedAt: Date.now(), timeoutSeconds: 120 };

/** The sale waited on, as journal:pending lists it while main works on it. */
function pendingWith(live: LiveRecovery): JournalPending {
  const entry = pendingSale({ id: 'wait1', referenceId: REF, live });
  return { entries: [entry], total: 1, warnings: [], warningCount: 0, reconciling: false };
}

describe('Payment wait', () => {
  it('tells the customer story with one cancel while the request is out', async () => {
    installFakeTransport({ 'journal:pending': () => pendingWith({ phase: 'sending', attempt: 0, detail: 'Sending Sale' }) });
    render(PaymentWait, props);
    expect(screen.getByText('Waiting for the customer to finish on the terminal…')).toBeTruthy();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Cancel on terminal']);
  });

  it('says "not connected" instead of "waiting for the customer" once the terminal answered 2001, with one cancel', async () => {
    installFakeTransport({
      'journal:pending': () =>
        pendingWith({
          phase: 'resend-wait',
          attempt: 1,
          statusCode: '2001',
          until: new Date(Date.now() + 4000).toISOString(),
          detail: 'Terminal not connected to SPIn Proxy server (2001): nothing was processed, trying again',
        }),
    });
    let stories = 0;
    render(PaymentWait, { ...props, onstory: () => (stories += 1) });
    await screen.findByText(/The terminal is not connected to the payment service, so nothing was processed/, undefined, { timeout: 3000 });
    expect(screen.queryByText(/Waiting for the customer/)).toBeNull();
    expect(screen.queryByText(/s waited/)).toBeNull();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Cancel']);
    // Told once for the customer story and once for this one: the header asks again at once.
    expect(stories).toBe(2);
  });

  it('shows the lookup alone, without the customer counter, once the answer is looked up', async () => {
    installFakeTransport({
      'journal:pending': () => pendingWith({ phase: 'looking-up', attempt: 1, detail: `Looking up ${REF} (Status, try 1)` }),
    });
    render(PaymentWait, { ...props, startedAt: Date.now() - 136_000 });
    await screen.findByText(/Asking the terminal what happened/, undefined, { timeout: 3000 });
    expect(screen.queryByText(/s waited/)).toBeNull();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Stop looking it up']);
  });
});
