import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { CheckReport, Verdict } from '@shared/ipc/diagnostics-views';
import { explainCode } from '@shared/spin/codes';
import { callsTo, installFakeTransport } from '../../test-support/fake-transport';
import { profileView } from '../../test-support/fixtures';
import CheckPanel from './CheckPanel.svelte';

const busy: Verdict = {
  ok: false,
  kind: 'busy',
  title: 'The terminal is busy',
  explanation: explainCode('2008').explanation,
  remedy: 'Wait 7 s, then run the check again.',
  statusCode: '2008',
  retryAfterSeconds: 7,
};

function report(verdict: Verdict): CheckReport {
  const step = (id: CheckReport['steps'][number]['id'], status: CheckReport['steps'][number]['status'], detail = '') => ({
    id,
    name: `Step ${id}`,
    status,
    durationMs: 12,
    detail,
  });
  return {
    id: 'c1',
    profileId: 'p1',
    profileName: 'Front counter',
    endpoint: 'https://api.spinpos.net',
    tpn: 'Z8SIM0000001',
    startedAt: '2026-01-01T10:00:00.000Z',
    finishedAt: '2026-01-01T10:00:01.000Z',
    running: false,
    steps: [
      step('settings', 'ok'),
      step('dns', 'ok'),
      step('tcp', 'ok'),
      step('tls', 'ok'),
      step('http', 'ok'),
      step('terminal', 'failed', '2008 Terminal in use'),
    ],
    verdict,
  };
}

describe('check panel', () => {
  it('runs the check for the terminal shown and lists its steps under the verdict', async () => {
    const calls = installFakeTransport({
      'diagnostics:lastCheck': () => null,
      'diagnostics:check': () => report(busy),
      'diagnostics:terminalState': () => ({ profileId: 'p1', state: 'busy', detail: 'busy' }),
    });
    render(CheckPanel, { profile: profileView() });
    await fireEvent.click(screen.getByRole('button', { name: 'Check connection' }));
    await screen.findByRole('heading', { name: 'The terminal is busy' });
    expect(callsTo(calls, 'diagnostics:check').map((call) => call.input)).toEqual([{ profileId: 'p1' }]);
    const steps = screen.getByRole('list', { name: 'Steps of the check' });
    expect(steps.querySelectorAll('li')).toHaveLength(6);
    expect(steps.textContent).toContain('2008 Terminal in use');
    expect(steps.lastElementChild?.textContent).toMatch(/Failed\s*· 12 ms/);
  });

  it('shows why the check could not run at all', async () => {
    installFakeTransport({
      'diagnostics:lastCheck': () => null,
      'diagnostics:check': () => ({ error: { code: 'NOT_FOUND', message: 'No terminal profile with id p1' } }),
      'diagnostics:terminalState': () => ({ profileId: 'p1', state: 'unknown', detail: '' }),
    });
    render(CheckPanel, { profile: profileView() });
    await fireEvent.click(screen.getByRole('button', { name: 'Check connection' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('No terminal profile with id p1'));
  });
});
