// Personal data the service sends under names SPIn does not have (CustomerName, VaultToken,
// SignatureData) or prints inside receipt text (a cardholder's name, "EXP 12/29") never reaches the
// support bundle or requests.jsonl: fields are kept by the SPIn schemas' allow-list, free text is
// masked by shape, and the bundle counts what it dropped by kind. Troubleshooting keeps amounts,
// reference ids and result codes. A fake service plays the answer (the simulator sends no such
// fields); every value is an obvious fake.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseExamples } from '../support/spin-examples';
import { json, startScriptedService, type ScriptedService } from '../support/scripted-service';
import { addTerminal, data, startServices } from './diagnostics-kit';

const TPN = 'SHAPETERM1';
const CUSTOMER = 'ZELDA QUIMBY';
const VAULT = 'vault_FAKE9c4e1b77d2aa';
const SIGNATURE = 'iVBORw0KGgoFAKESIGNATUREDATA0000';
const PRINTED_NAME = 'QUIMBY/ZELDA';
const RECEIPT = `<L>CARDHOLDER: ${CUSTOMER}</L>\n<L>${PRINTED_NAME}</L>\n<L>EXP 12/29</L>\n<L>ON FILE ${VAULT}</L>\n<L>TOTAL 42.50</L>`;

let services: Awaited<ReturnType<typeof startServices>>;
let service: ScriptedService;
let dataDir = '';
let profileId = '';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'personal-shapes-'));
  services = await startServices({ dataDir });
  service = await startScriptedService();
  profileId = (await addTerminal(services, 'Chatty service', service.url, TPN)).id;
});
afterAll(async () => {
  await services.close();
  await service.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('personal data by shape, not only by name', () => {
  it('an answer with unknown personal fields and a receipt printing a name and an expiry: bundle and requests.jsonl keep neither', async () => {
    service.on(
      'Sale',
      json({
        ...responseExamples.Sale,
        ReferenceId: 'SHAPE1',
        CustomerName: CUSTOMER,
        VaultToken: VAULT,
        SignatureData: SIGNATURE,
        GeneralResponse: { ResultCode: '0', StatusCode: '0000', Message: 'Approved', HostResponseCode: '00' },
        Receipts: { Customer: RECEIPT, Merchant: RECEIPT },
      }),
    );
    const sale = await services.dispatch('payments:sale', { profileId, amountCents: 4250, referenceId: 'SHAPE1' });
    expect(sale).toMatchObject({ ok: true, data: { outcome: 'approved' } });
    const bundle = await data<{ json: string }>(services, 'diagnostics:bundle');
    await services.close();
    const onDisk = await readFile(join(dataDir, 'diagnostics', 'requests.jsonl'), 'utf8');

    for (const [where, text] of [
      ['bundle', bundle.json],
      ['requests.jsonl', onDisk],
    ] as const) {
      for (const value of [CUSTOMER, VAULT, SIGNATURE, PRINTED_NAME, 'ZELDA', '12/29']) {
        expect(text, `${where} holds ${value}`).not.toContain(value);
      }
      // The field names stay, so support sees what the service sent; their values say what was dropped.
      expect(text).toContain('CustomerName');
      expect(text).toContain('[dropped: not a SPIn field]');
      // Ordinary fields stay for troubleshooting: the reference, the result codes, the amounts.
      expect(text).toContain('SHAPE1');
      expect(text).toContain('0000');
      expect(text).toContain('42.5');
      expect(text).toContain('TOTAL 42.50');
    }

    const content = JSON.parse(bundle.json) as { personalDataDropped?: Record<string, number>; requestLog: unknown };
    expect(content.personalDataDropped).toEqual(
      expect.objectContaining({
        'not a SPIn field': expect.any(Number),
        'expiry in text': expect.any(Number),
        'name in text': expect.any(Number),
      }),
    );
    // Counted both ways: the summary's count is the number of markers the request log's entries carry.
    const markers = JSON.stringify(content.requestLog).split('[dropped: not a SPIn field]').length - 1;
    expect(markers).toBeGreaterThanOrEqual(3);
    expect(content.personalDataDropped?.['not a SPIn field']).toBe(markers);
    expect(JSON.stringify(content.personalDataDropped)).not.toContain('ZELDA');
  });
});
