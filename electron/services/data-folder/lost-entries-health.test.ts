// What app:storage says when the journal lost its newest entries (journal/high-water.ts), at each
// step of the rebuild from the terminals (recovery/batch-rebuild.ts).
import { describe, expect, it } from 'vitest';
import type { TailLoss } from '../journal/high-water';
import { storageHealth } from './storage-health';
import { speakSpanishInThisTest } from '../../../tests/support/speak-spanish';

function healthWith(loss: Partial<TailLoss>) {
  const tailLoss: TailLoss = {
    missing: 5,
    expected: 9,
    keptThroughSeq: 4,
    detectedAt: '2026-12-02T05:00:00.000Z',
    restored: 0,
    rebuilt: false,
    ...loss,
  };
  return storageHealth({ journal: { health: () => ({ state: 'ok', unsaved: 0 }), tailLoss: () => tailLoss } });
}

describe('storage health when entries are missing from the journal', () => {
  it('says how many while the terminals are read, and names one that cannot be yet', async () => {
    const health = await healthWith({ restored: 1, unread: [{ tpn: 'FAKETPN0002', why: 'no Authkey' }] });
    expect(health).toMatchObject({ state: 'entries-missing', lostEntries: { missing: 5, restored: 1, rebuilt: false } });
    expect(health.message).toContain('5 payments recorded on this PC are missing from the journal');
    expect(health.message).toContain('1 restored so far. Not read yet: terminal FAKETPN0002 (no Authkey); read as soon as it answers.');
  });

  it('once rebuilt: how many came back and how many could not', async () => {
    const health = await healthWith({ restored: 3, rebuilt: true });
    expect(health.message).toContain("3 were restored from the terminals' open batches");
    expect(health.message).toContain(
      '2 could not be recovered: payments settled out of the open batch, declines and Settles are not listed there.',
    );
  });

  it('one missing, one restored: said in the singular, nothing left over', async () => {
    const health = await healthWith({ missing: 1, restored: 1, rebuilt: true });
    expect(health.message).toContain('1 payment recorded on this PC is missing from the journal');
    expect(health.message).toContain('1 was restored');
    expect(health.message).not.toContain('could not be recovered');
  });

  it('more restored than missing: says some may be another register’s', async () => {
    const health = await healthWith({ missing: 2, restored: 3, rebuilt: true });
    expect(health.message).toContain("some may be another register's");
  });

  it('a failing disk is said first: payments are refused then', async () => {
    const health = await storageHealth({
      journal: {
        health: () => ({ state: 'read-only', unsaved: 0 }),
        tailLoss: () => ({
          missing: 2,
          expected: 3,
          keptThroughSeq: 1,
          detectedAt: '2026-12-02T05:00:00.000Z',
          restored: 0,
          rebuilt: false,
        }),
      },
    });
    expect(health.state).toBe('read-only');
  });
});

describe('storage health when entries are missing, in Spanish', () => {
  it('says how many are missing and how many came back, in Spanish', async () => {
    await speakSpanishInThisTest();
    const health = await healthWith({ restored: 3, rebuilt: true });
    expect(health.message).toBe(
      'Faltan en el diario 5 pagos registrados en esta PC: sus entradas más recientes se perdieron de journal.sqlite después de un cierre inesperado (su registro de escritura anticipada se borró o se dañó). ' +
        'Se restauraron 3 desde los lotes abiertos de las terminales (Historial los marca como "recuperado del lote de la terminal"). ' +
        '2 no se pudieron recuperar: los pagos de un lote ya liquidado, los rechazos y las liquidaciones no aparecen ahí.',
    );
    expect(health.remedy).toBe(
      'Compare Historial con el reporte del día del procesador; un pago cobrado que falte aquí aparece en ese reporte. Los pagos nuevos se registran como siempre.',
    );
  });
});
