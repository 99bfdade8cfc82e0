import { fireEvent, render, screen } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import type { LogEntryDetail } from '@shared/ipc/diagnostics-views';
import LogEntryPanel from './LogEntryPanel.svelte';

// One request of the log opened: who it went to, what came back in words, and both bodies redacted.

function detail(fields: Partial<LogEntryDetail> = {}): LogEntryDetail {
  return {
    id: 'e1',
    at: '2026-01-31T10:00:00.000Z',
    durationMs: 2400,
    endpoint: 'Sale',
    url: 'https://api.spinpos.net/v2/Payment/Sale',
    tpn: 'Z8SIM0000001',
    profileName: 'Front counter',
    httpStatus: 200,
    resultCode: '1',
    statusCode: '1015',
    message: 'Declined',
    outcome: 'terminal',
    explanation: 'The card was declined.',
    remedy: 'Ask for another card.',
    request: '{ "Authkey": "<AUTH_KEY>", "Amount": 12.34 }',
    response: '{ "GeneralResponse": { "StatusCode": "1015" } }',
    truncated: false,
    ...fields,
  };
}

const factOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('a request log entry', () => {
  it('says where it went and what came back, in words, and takes the focus', () => {
    render(LogEntryPanel, { entry: detail(), onclose: () => {} });
    const heading = screen.getByRole('heading', { name: /^Sale at / });
    expect(document.activeElement).toBe(heading);
    expect(factOf('Terminal')).toBe('Front counter · TPN Z8SIM0000001');
    expect(factOf('Address')).toBe('POST https://api.spinpos.net/v2/Payment/Sale');
    expect(factOf('Answer')).toMatch(/^Terminal said no · HTTP 200 OK · code .*1015.* · Declined · 2\.4 s$/);
    expect(factOf('What it means')).toBe('The card was declined.');
    expect(factOf('What to do')).toBe('Ask for another card.');
    expect(screen.getByRole('region', { name: 'Request body' }).textContent).toContain('<AUTH_KEY>');
    expect(screen.getByRole('region', { name: 'Response body' }).textContent).toContain('"1015"');
  });

  it('takes the focus again when another entry opens in it', async () => {
    const { rerender } = render(LogEntryPanel, { entry: detail(), onclose: () => {} });
    screen.getByRole('button', { name: 'Close details' }).focus();
    await rerender({ entry: detail({ id: 'e2', endpoint: 'Return' }) });
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: /^Return at / }));
  });

  it('a request that got no answer says so, and has no remedy line when main gave none', () => {
    render(LogEntryPanel, {
      entry: detail({
        outcome: 'failed',
        httpStatus: undefined,
        response: '',
        remedy: undefined,
        message: undefined,
        profileName: undefined,
      }),
      onclose: () => {},
    });
    expect(screen.getByRole('region', { name: 'Response body' }).textContent).toBe('(no answer)');
    expect(factOf('Terminal')).toBe('TPN Z8SIM0000001');
    expect(factOf('Answer')).toContain('No usable answer · no HTTP answer');
    expect(screen.queryByText('What to do')).toBeNull();
  });

  it('Close details closes it', async () => {
    const onclose = vi.fn();
    render(LogEntryPanel, { entry: detail(), onclose });
    await fireEvent.click(screen.getByRole('button', { name: 'Close details' }));
    expect(onclose).toHaveBeenCalledTimes(1);
  });
});
