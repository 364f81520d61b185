import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../src/errors.js';
import {
  MAX_SHEET_CARDS,
  parsePrintFormat,
  parseSheetIds,
  printKitMessages,
} from '../../../src/validation/print-kit.validation.js';

function refusal(work: () => unknown): HttpError {
  try {
    work();
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    return err as HttpError;
  }
  throw new Error('expected a refusal');
}

describe('parsePrintFormat', () => {
  it('takes card and a6, and reads no format as the business card', () => {
    expect(parsePrintFormat('card')).toBe('card');
    expect(parsePrintFormat('a6')).toBe('a6');
    expect(parsePrintFormat(undefined)).toBe('card');
  });

  it('refuses anything else with a Turkish 400', () => {
    for (const raw of ['', 'A6', 'a4', 'card ', ['card', 'a6'], { x: 'card' }]) {
      const err = refusal(() => parsePrintFormat(raw));
      expect(err.status).toBe(400);
      expect(err.message).toBe(printKitMessages.badFormat);
    }
  });
});

describe('parseSheetIds', () => {
  it('reads a comma list or repeated ids (checkboxes plus the empty hidden field), distinct, in order', () => {
    expect(parseSheetIds('3,1,2')).toEqual([3, 1, 2]);
    expect(parseSheetIds(['', '5', '2', '5'])).toEqual([5, 2]);
    expect(parseSheetIds(' 7 , 8 ,')).toEqual([7, 8]);
  });

  it('asks for at least one customer', () => {
    for (const raw of [undefined, '', ',', ['', '']])
      expect(refusal(() => parseSheetIds(raw)).message).toBe(printKitMessages.noIds);
  });

  it('refuses what is not an id, including ids past a 32-bit row id', () => {
    for (const raw of ['abc', '1;2', '0', '-1', '01', '1.5', '1e3', '2147483648', ['1', { a: '2' }]]) {
      const err = refusal(() => parseSheetIds(raw));
      expect(err.status).toBe(400);
      expect(err.message).toBe(printKitMessages.badIds);
    }
    expect(parseSheetIds('2147483647')).toEqual([2147483647]);
  });

  it(`takes up to ${MAX_SHEET_CARDS} customers, not one more`, () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(',');
    expect(parseSheetIds(ids(MAX_SHEET_CARDS))).toHaveLength(MAX_SHEET_CARDS);
    const err = refusal(() => parseSheetIds(ids(MAX_SHEET_CARDS + 1)));
    expect(err.status).toBe(400);
    expect(err.message).toBe('Bir seferde en fazla 300 kartvizit yazdırılabilir; daha az müşteri seçin.');
  });
});
