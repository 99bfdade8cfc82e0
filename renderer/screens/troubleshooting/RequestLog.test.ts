import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LogEntryView, LogPage } from '@shared/ipc/diagnostics-views';
import { callsTo, installFakeTransport } from '../../test-support/fake-transport';
import RequestLogPanel from './RequestLogPanel.svelte';
import { EMPTY_FILTER, requestLog } from './request-log.svelte';

const entry = (id: string, fields: Partial<LogEntryView> = {}): LogEntryView => ({
  id,
  at: '2026-01-01T10:00:00.000Z',
  durationMs: 40,
  endpoint: 'Sale',
  url: 'https://api.spinpos.net/v2/Payment/Sale',
  tpn: 'Z8SIM0000001',
  httpStatus: 200,
  resultCode: '0',
  statusCode: '0000',
  outcome: 'ok',
  explanation: 'Approved: The request was completed successfully.',
  ...fields,
});

const page: LogPage = {
  entries: [
    entry('e2', { endpoint: 'Status', resultCode: '1', statusCode: '1001', outcome: 'terminal', explanation: 'Not Found: no record.' }),
    entry('e1'),
  ],
  kept: 2,
  matched: 2,
};

beforeEach(() => {
  // The log view lives at module level (it survives leaving the screen); each test starts afresh.
  requestLog.filter = { ...EMPTY_FILTER };
  requestLog.page = null;
  requestLog.detail = null;
});

describe('request log filter', () => {
  it('asks for the log again with only the filters that are set', async () => {
    const calls = installFakeTransport({ 'diagnostics:log': () => page });
    render(RequestLogPanel);
    await screen.findByText('Showing 2 of 2 requests.');
    expect(screen.getAllByRole('row')).toHaveLength(3);

    await fireEvent.change(screen.getByLabelText('Endpoint'), { target: { value: 'Status' } });
    await fireEvent.change(screen.getByLabelText('Outcome'), { target: { value: 'terminal' } });
    await fireEvent.input(screen.getByLabelText('Search'), { target: { value: '  1001 ' } });
    await waitFor(() =>
      expect(callsTo(calls, 'diagnostics:log').at(-1)?.input).toEqual({ endpoint: 'Status', outcome: 'terminal', text: '1001' }),
    );
    expect(callsTo(calls, 'diagnostics:log').map((call) => call.input)).toEqual([
      {},
      { endpoint: 'Status' },
      { endpoint: 'Status', outcome: 'terminal' },
      { endpoint: 'Status', outcome: 'terminal', text: '1001' },
    ]);

    await fireEvent.change(screen.getByLabelText('Endpoint'), { target: { value: '' } });
    expect(callsTo(calls, 'diagnostics:log').at(-1)?.input).toEqual({ outcome: 'terminal', text: '1001' });
  });

  it('waits for a pause in typing before asking', async () => {
    const calls = installFakeTransport({ 'diagnostics:log': () => page });
    render(RequestLogPanel);
    await screen.findByText('Showing 2 of 2 requests.');
    for (const text of ['1', '10', '100', '1001']) await fireEvent.input(screen.getByLabelText('Search'), { target: { value: text } });
    await waitFor(() => expect(callsTo(calls, 'diagnostics:log')).toHaveLength(2));
    expect(callsTo(calls, 'diagnostics:log')[1]?.input).toMatchObject({ text: '1001' });
  });

  it('opens an entry and falls back to a selected text box when there is no clipboard', async () => {
    installFakeTransport({
      'diagnostics:log': () => page,
      'diagnostics:logEntry': ({ entryId }) => ({
        ...page.entries.find((e) => e.id === entryId)!,
        request: '{"Authkey": "<AUTH_KEY>"}',
        response: '{}',
        truncated: false,
      }),
      'diagnostics:curl': () => ({ command: 'curl -sS -X POST \'x\' --data-binary \'{"Authkey":"<AUTH_KEY>"}\'' }),
    });
    render(RequestLogPanel);
    await fireEvent.click(await screen.findByRole('button', { name: /Details of Status/ }));
    await screen.findByRole('heading', { name: /Status at/ });
    expect(screen.getByRole('region', { name: 'Request body' }).textContent).toContain('<AUTH_KEY>');
    await fireEvent.click(screen.getByRole('button', { name: 'Copy as curl' }));
    const box = (await screen.findByLabelText(/clipboard is not available/)) as HTMLTextAreaElement;
    expect(box.readOnly).toBe(true);
    expect(box.value).toContain('<AUTH_KEY>');
    expect(document.activeElement).toBe(box);
  });
});

describe('request log columns', () => {
  it('names each request’s terminal (profile and TPN) and its date, so seven terminals’ entries can be placed', async () => {
    const named: LogPage = {
      entries: [
        entry('n2', { at: '2026-03-05T18:30:00.000Z', profileId: 'p2', profileName: 'Patio', tpn: 'Z8SIM0000002', endpoint: 'Summary' }),
        entry('n1', { at: '2026-03-04T09:00:00.000Z', tpn: 'Z8SIM0000009' }),
      ],
      kept: 2,
      matched: 2,
    };
    installFakeTransport({ 'diagnostics:log': () => named });
    render(RequestLogPanel);
    await screen.findByText('Showing 2 of 2 requests.');
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent?.trim());
    expect(headers.slice(0, 3)).toEqual(['Date', 'Time', 'Terminal']);
    const [, patio, gone] = screen.getAllByRole('row');
    const cells = (row: HTMLElement | undefined) => [...(row?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent?.trim());
    const at = new Date('2026-03-05T18:30:00.000Z');
    // jsdom lays out no container queries: the columns and the lines a narrow table shows instead are all there.
    expect(cells(patio).slice(0, 4)).toEqual([
      at.toLocaleDateString(),
      `${at.toLocaleTimeString()}${at.toLocaleDateString()}`,
      'Patio TPN Z8SIM0000002',
      expect.stringMatching(/^Summary\s+Patio$/),
    ]);
    // A terminal whose profile is gone is still placed by its TPN.
    expect(cells(gone)[2]).toBe('TPN Z8SIM0000009');
    expect(cells(gone)[3]).toMatch(/TPN Z8SIM0000009$/);
  });

  it('says the terminal and the day in an entry’s details too', async () => {
    const patio = entry('n2', { at: '2026-03-05T18:30:00.000Z', profileId: 'p2', profileName: 'Patio', tpn: 'Z8SIM0000002' });
    installFakeTransport({
      'diagnostics:log': () => ({ entries: [patio], kept: 1, matched: 1 }),
      'diagnostics:logEntry': () => ({ ...patio, request: '{}', response: '{}', truncated: false }),
    });
    render(RequestLogPanel);
    await fireEvent.click(await screen.findByRole('button', { name: /Details of Sale/ }));
    const detail = await screen.findByRole('region', { name: /Sale at/ });
    expect(detail.textContent).toContain('Patio · TPN Z8SIM0000002');
    expect(detail.textContent).toContain(new Date(patio.at).toLocaleDateString());
  });
});
