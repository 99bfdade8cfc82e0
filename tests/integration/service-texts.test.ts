// Texts that come from the SPIn service (messages, host texts, receipts, error bodies) on their way
// to the renderer, the journal, the request log and the support bundle, through the app's real
// channels: an Authkey the service echoes never arrives anywhere, and the connection check
// explains a redirecting address and accepts 2009. The key is an obvious fake (SENTINEL).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CheckReport } from '@shared/ipc/diagnostics-views';
import { responseExamples } from '../support/spin-examples';
import { general, json, redirect, startScriptedService, type ScriptedService } from '../support/scripted-service';
import { addTerminal, data, SENTINEL, startServices } from './diagnostics-kit';

const TPN = 'ECHOTERM01';
const CARD = '4761739001010119';
const ECHO = `Active authKey ${SENTINEL} for card ${CARD}`;

let services: Awaited<ReturnType<typeof startServices>>;
let service: ScriptedService;
let elsewhere: ScriptedService;
let profileId = '';

beforeAll(async () => {
  services = await startServices();
  service = await startScriptedService();
  elsewhere = await startScriptedService();
  profileId = (await addTerminal(services, 'Echoing service', service.url, TPN)).id;
});
afterAll(async () => {
  await services.close();
  await service.close();
  await elsewhere.close();
});
beforeEach(() => {
  service.requests.length = 0;
  elsewhere.requests.length = 0;
});

describe('an Authkey echoed by the service reaches nothing', () => {
  it('approved Sale: result, journal, request log and support bundle are clean; card numbers cut to first 4 / last 4', async () => {
    service.on(
      'Sale',
      json({
        ...responseExamples.Sale,
        ReferenceId: 'ECHO1',
        GeneralResponse: {
          ResultCode: '0',
          StatusCode: '0000',
          Message: ECHO,
          DetailedMessage: ECHO,
          HostResponseCode: '00',
          HostResponseMessage: ECHO,
        },
        Receipts: { Customer: ECHO, Merchant: ECHO },
      }),
    );
    const envelope = await services.dispatch('payments:sale', { profileId, amountCents: 4250, referenceId: 'ECHO1' });
    expect(envelope).toMatchObject({
      ok: true,
      data: { outcome: 'approved', hostMessage: 'Active authKey <AUTH_KEY> for card 4761********0119' },
    });
    // The request really carried the key: the service had it to echo.
    expect(service.requests[0]?.body.Authkey).toBe(SENTINEL);
    const everywhere = JSON.stringify([
      envelope,
      await data(services, 'journal:list', {}),
      await data(services, 'diagnostics:log', {}),
      await data(services, 'diagnostics:bundle'),
    ]);
    expect(everywhere).not.toContain(SENTINEL);
    expect(everywhere).not.toContain(CARD);
  });

  it('an error body quoting the key reaches the renderer without it', async () => {
    service.on('Status', json({ GeneralResponse: { ResultCode: 2, Message: ECHO } }, 500));
    const envelope = await services.dispatch('transactions:status', { profileId, paymentType: 'Credit', referenceId: 'ECHO2' });
    expect(envelope).toMatchObject({
      ok: false,
      error: { code: 'HTTP_STATUS', message: expect.stringContaining('Active authKey <AUTH_KEY>') },
    });
    expect(JSON.stringify(envelope)).not.toContain(SENTINEL);
    expect(JSON.stringify(envelope)).not.toContain(CARD);
  });

  it('an answer with fields spin-desk cannot read says which ones were left out', async () => {
    service.on('Sale', json({ ...responseExamples.Sale, ReferenceId: 'ODD1', Receipts: 'CUSTOMER COPY', Voided: 'N' }));
    const envelope = await services.dispatch('payments:sale', { profileId, amountCents: 4250, referenceId: 'ODD1' });
    expect(envelope).toMatchObject({
      ok: true,
      data: { outcome: 'approved', ignoredFields: [{ path: 'Receipts', message: 'must be an object; got text, so it was left out' }] },
    });
    // The request log says it too, for whoever troubleshoots the service.
    const log = await data<{ entries: { explanation: string }[] }>(services, 'diagnostics:log', {});
    expect(log.entries[0]?.explanation).toContain('Left out of the answer: Receipts must be an object');
  });
});

describe('the connection check and an imperfect service', () => {
  const check = () => data<CheckReport>(services, 'diagnostics:check', { profileId });

  it('explains an address that redirects, naming where to and the remedy, and sends nothing there', async () => {
    service.on('Status', redirect(308, `${elsewhere.url}/spin/v2/Payment/Status?session=abc`));
    const report = await check();
    const host = new URL(elsewhere.url).host;
    expect(report.verdict).toMatchObject({ ok: false, kind: 'redirect', title: `The address redirects to ${host}` });
    expect(report.verdict?.remedy).toMatch(/final address in the terminal profile \(often https:\/\/\)/);
    expect(JSON.stringify(report)).not.toContain('session=abc');
    expect(elsewhere.requests).toEqual([]);
  });

  it('does not call 2009 "Transaction not found" a failure: the lookup proves the path works', async () => {
    service.on('Status', json(general('2', '2009', 'Transaction not found')));
    const report = await check();
    expect(report.verdict).toMatchObject({ ok: true, kind: 'ready' });
    expect(report.steps.find((s) => s.id === 'terminal')?.detail).toMatch(/2009/);
  });
});
