import { describe, expect, it } from 'vitest';
import { codeCatalogue, explainCode, RETRYABLE_CODES } from './codes';
import { resultFamily } from './result-code';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

/** Every StatusCode of docs/PROTOCOL.md §8.3. */
const documented = [
  '0000',
  '0001',
  ...range(1000, 1025),
  '1030',
  '1040',
  '1100',
  '1101',
  '1500',
  '1999',
  ...range(2001, 2011),
  '2101',
  '2102',
  '2110',
  '2201',
  '2301',
];

describe('codeCatalogue', () => {
  it.each(documented)('%s is present with a label, explanation and remedy', (code) => {
    const info = codeCatalogue[code];
    expect(info).toBeDefined();
    expect(info?.code).toBe(code);
    expect(info?.label.trim()).not.toBe('');
    expect(info?.explanation.trim()).not.toBe('');
    expect(info?.remedy.trim()).not.toBe('');
  });

  it('lists nothing beyond the documented codes', () => {
    expect(Object.keys(codeCatalogue).sort()).toEqual([...documented].sort());
  });

  it('assigns the family by first digit', () => {
    expect(codeCatalogue['0001']?.family).toBe('success');
    expect(codeCatalogue['1015']?.family).toBe('terminal');
    expect(codeCatalogue['2201']?.family).toBe('proxy');
  });

  it('marks exactly the vendor SDK’s recoverable codes as retryable', () => {
    const retryable = Object.values(codeCatalogue)
      .filter((info) => info.retryable)
      .map((info) => info.code);
    expect(retryable.sort()).toEqual(['1000', '1006', '1014', '1018', '2001', '2007', '2008', '2010']);
    expect([...RETRYABLE_CODES].sort()).toEqual(retryable);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(codeCatalogue)).toBe(true);
  });
});

describe('explainCode', () => {
  it('accepts numbers and pads them', () => {
    expect(explainCode(1011).label).toBe('Duplicate reference');
    expect(explainCode(0).code).toBe('0000');
    expect(explainCode(' 2008 ').code).toBe('2008');
  });

  it.each([
    ['0042', 'success'],
    ['1777', 'terminal'],
    ['2999', 'proxy'],
  ] as const)('gives unknown code %s a generic %s entry that still says what to do', (code, family) => {
    const info = explainCode(code);
    expect(info).toMatchObject({ code, family, retryable: false });
    expect(info.remedy).toMatch(/Status/);
  });

  it.each([null, undefined, '', 'XYZ'])('handles %j', (code) => {
    const info = explainCode(code);
    expect(info.family).toBe('proxy');
    expect(info.remedy.length).toBeGreaterThan(0);
  });
});

describe('resultFamily', () => {
  it.each([
    ['0', 'success'],
    [0, 'success'],
    ['Ok', 'success'],
    ['1', 'terminal'],
    ['TerminalError', 'terminal'],
    [2, 'proxy'],
    ['ApiError', 'proxy'],
    ['9', undefined],
    [null, undefined],
  ] as const)('%j -> %s', (code, family) => {
    expect(resultFamily(code)).toBe(family);
  });
});
