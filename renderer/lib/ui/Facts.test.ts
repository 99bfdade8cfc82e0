import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import Facts from './Facts.svelte';

describe('Facts', () => {
  it('pairs each label with its value in one definition list', () => {
    render(Facts, {
      facts: [
        { label: 'Reference', value: 'SD12AB', mono: true },
        { label: 'Authkey', value: 'Not set yet', warn: true },
      ],
    });
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const definitions = screen.getAllByRole('definition').map((definition) => definition.textContent);
    expect(terms).toEqual(['Reference', 'Authkey']);
    expect(definitions).toEqual(['SD12AB', 'Not set yet']);
    expect(document.querySelectorAll('dl')).toHaveLength(1);
    expect(screen.getByText('SD12AB').classList.contains('mono')).toBe(true);
  });

  it('lets a masked value be read out in words', () => {
    render(Facts, { facts: [{ label: 'Number', value: '4761 •••• •••• 0119', spoken: 'First four 4761, last four 0119' }] });
    expect(screen.getByLabelText('First four 4761, last four 0119').textContent).toBe('4761 •••• •••• 0119');
  });
});
