// Issue 41: a Said names a stored sentence of the catalogue and nothing else; the page words it in
// its language, and shows the English it was stored with where it has none (an older entry).
import { describe, expect, it } from 'vitest';
import { speakSpanishInEachTest } from '../../tests/support/speak-spanish';
import { RecoveryNote } from './payment-result-views';
import { knownSaid, Said, said, wordSaid } from './said';

const busy = said('said_refused_still_busy', { tries: 4, why: said('said_why_code', { code: '1000' }) });
const unknownKey = { key: 'said_no_such_sentence', params: {} } as unknown as Said;

describe('a Said at the boundary', () => {
  it('is refused when its key, or a Said inside it, is no stored sentence, naming the field', () => {
    const note = RecoveryNote.safeParse({ how: 'status-lookup', reason: 'x', said: unknownKey });
    expect(note.error?.issues).toEqual([
      expect.objectContaining({ path: ['said', 'key'], message: 'must be a stored sentence of the message catalogue' }),
    ]);
    const inside = Said.safeParse(said('said_refused_stopped_waiting', { why: unknownKey }));
    expect(inside.error?.issues[0]?.path).toEqual(['params', 'why']);
    // Keys of the catalogue that are no stored sentence are refused too: the page could not word them.
    expect(Said.safeParse({ key: 'pay_recovered', params: {} }).success).toBe(false);
    expect(Said.safeParse(busy).success).toBe(true);
  });

  it('is dropped from what main shows when it no longer names one (a journal of a later version)', () => {
    expect(knownSaid(unknownKey)).toBeUndefined();
    expect(knownSaid(busy)).toBe(busy);
  });
});

describe('a Said worded in Spanish', () => {
  speakSpanishInEachTest();

  it('words the sentence and the reason inside it', () => {
    expect(wordSaid(busy, 'Still busy after 4 tries: Terminal Busy (1000)')).toBe(
      'Todavía ocupada después de 4 intentos: el servicio respondió con el código 1000',
    );
  });

  it('words a settled batch’s "charged or not" with its reason', () => {
    const settled = said('said_settled_unknown', { operation: 'Sale', why: said('said_settled_why_batch_settled', { batch: '7' }) });
    expect(wordSaid(settled, 'Charged or not: …')).toBe(
      'Cobrada o no: revise el lote liquidado. El lote abierto de la terminal no muestra esta operación (Sale), pero el lote 7 se liquidó después de que se envió, y una transacción de un lote liquidado no se puede consultar aquí. Puede que se haya completado: no la envíe otra vez antes de revisar el lote liquidado.',
    );
  });

  it('names a key that is no stored sentence in Spanish', () => {
    const note = RecoveryNote.safeParse({ how: 'status-lookup', reason: 'x', said: unknownKey });
    expect(note.error?.issues.map((issue) => issue.message)).toEqual(['debe ser una frase guardada del catálogo de mensajes']);
  });

  it('shows the stored English of an entry written before it had a Said', () => {
    expect(wordSaid(undefined, 'the connection dropped before the answer arrived')).toBe(
      'the connection dropped before the answer arrived',
    );
  });
});

describe('a Said in English', () => {
  it('shows the English it was stored with, byte for byte', () => {
    expect(wordSaid(busy, 'Still busy after 4 tries: Terminal Busy (1000)')).toBe('Still busy after 4 tries: Terminal Busy (1000)');
  });
});
