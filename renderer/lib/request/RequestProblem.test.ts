import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import RequestProblem from './RequestProblem.svelte';

afterEach(() => {
  document.body.innerHTML = '';
});

/** The problem shown for `error`, sent as "the question" unless said otherwise. */
function show(error: ConstructorParameters<typeof ApiError>[0], what = 'the question'): void {
  render(RequestProblem, { error: new ApiError(error), what });
}

/** The notice's own sentences, without its title and Details. */
const sentencesOf = (notice: HTMLElement) => [...notice.querySelectorAll(':scope > p')].map((p) => p.textContent).join(' ');

describe('Request problem', () => {
  it('says calmly that the wait for a prompt was stopped, and to cancel it on the terminal', () => {
    show({
      code: 'ABORTED',
      message: 'spin-desk stopped waiting for the customer request (UserInput).',
      remedy: "It may still be on the terminal's screen: press Cancel there to clear it before sending anything else.",
    });
    expect(screen.getByRole('status').textContent).toContain('Stopped waiting');
    expect(screen.getByText(/press Cancel there/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('gives a refused request our headline and advice, with the code and the network error name only under Details', () => {
    show({
      code: 'NETWORK',
      message: 'Could not connect to 127.0.0.1:9: nothing is listening there (connection refused). Nothing was sent.',
      remedy: 'Check that the terminal service is running at that address.',
      detail: 'ECONNREFUSED',
      notSent: true,
    });
    const alert = screen.getByRole('alert');
    const details = alert.querySelector('details.technical') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain('ECONNREFUSED');
    const sentences = sentencesOf(alert);
    expect(sentences).toContain('nothing is listening there');
    expect(sentences).not.toContain('ECONNREFUSED');
  });

  it('shows a busy terminal’s status code under Details, not in the words', () => {
    show({
      code: 'TERMINAL',
      statusCode: '2008',
      message: 'Terminal in use: The terminal is busy with another request.',
      remedy: 'Wait for it to finish, then send again.',
    });
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('details.technical')?.textContent).toContain('2008');
    expect(sentencesOf(alert)).not.toContain('2008');
  });

  it("says plainly which endpoint this terminal's service does not offer, as news not a fault, with the HTTP words under Details", () => {
    show(
      {
        code: 'NOT_OFFERED',
        message: "This terminal's service does not offer Cart (showing a cart on the customer display).",
        remedy: 'A sale can still carry the cart: add it under More options on the payment form.',
        detail: 'Cart answered HTTP 404: 2004 Route not found',
      },
      'the cart',
    );
    const notice = screen.getByRole('status');
    expect(notice.querySelector('.title')?.textContent).toBe("Not offered by this terminal's service");
    const sentences = sentencesOf(notice);
    expect(sentences).toContain("This terminal's service does not offer Cart");
    expect(sentences).toContain('Nothing was carried out on the terminal.');
    expect(sentences).toContain('A sale can still carry the cart');
    expect(sentences).not.toContain('404');
    expect(notice.querySelector('details.technical')?.textContent).toContain('HTTP 404');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
