import { describe, expect, it } from 'vitest';
import { customerNameSortKey, NAME_SORT_KEY_MAX_LENGTH, turkishSortKey } from '../../../src/domain/turkish-sort.js';

/** Names in the order a Turkish reader expects them, each pair's difference a letter of its own. */
const TURKISH_ORDER = [
  '1. Kat Kafe',
  'Ali Veli',
  'Alim Ak',
  'Cem Yılmaz',
  'Cengiz Kaya',
  'Çağla Şen',
  'Çiğdem Ak',
  'Derya Bal',
  'Gül Ak',
  'Ğ Harfi',
  'Irmak Su',
  'Işık Tan',
  'İbrahim Er',
  'İpek Yol',
  'Oya Ak',
  'Ozan Er',
  'Ömer Kaya',
  'Sena Ay',
  'Şule Er',
  'Uğur Ak',
  'Ümit Ak',
  'Zeynep Ak',
];

/** Byte-wise, as SQLite's BINARY and PostgreSQL's "C" collation compare. */
const bytewise = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('turkishSortKey', () => {
  it('sorts names in Turkish alphabetical order when the keys are compared byte by byte', () => {
    const shuffled = [...TURKISH_ORDER].reverse();
    const sorted = shuffled
      .map((name) => [turkishSortKey(name), name] as const)
      .sort(([a], [b]) => bytewise(a, b))
      .map(([, name]) => name);
    expect(sorted).toEqual(TURKISH_ORDER);
  });

  it.each([
    ['Ç after every C', 'Cz', 'Ça'],
    ['Ğ after every G', 'Gz', 'Ğa'],
    ['I (ı) before İ (i)', 'Iz', 'İa'],
    ['ı before i in lower case', 'ız', 'ia'],
    ['Ö after every O', 'Oz', 'Öa'],
    ['Ş after every S', 'Sz', 'Şa'],
    ['Ü after every U', 'Uz', 'Üa'],
    ['a shorter word first', 'Ali Veli', 'Alim Ak'],
    ['digits before letters', '9 Eylül', 'A'],
  ])('%s', (_, first, second) => {
    expect(turkishSortKey(first) < turkishSortKey(second)).toBe(true);
  });

  it('ignores letter case as Turkish writes it: IŞIK is ışık, İPEK is ipek', () => {
    expect(turkishSortKey('IŞIK')).toBe(turkishSortKey('ışık'));
    expect(turkishSortKey('İPEK')).toBe(turkishSortKey('ipek'));
    expect(turkishSortKey('ŞULE')).toBe(turkishSortKey('şule'));
  });

  it('sorts other accents as their letter and folds signs and spaces to one gap', () => {
    expect(turkishSortKey('José')).toBe(turkishSortKey('Jose'));
    expect(turkishSortKey("  O'Neil -  Demir ")).toBe('o0 n0e0i1l0 d0e0m0i1r0');
    expect(turkishSortKey('Борис')).toBe('');
  });

  it('keys the name then the surname, within the column', () => {
    expect(customerNameSortKey('Ayşe', 'Kaya')).toBe('a0y0s1e0 k0a0y0a0');
    expect(customerNameSortKey('A'.repeat(60), 'B'.repeat(60))).toHaveLength(241);
    expect(turkishSortKey('A'.repeat(200))).toHaveLength(NAME_SORT_KEY_MAX_LENGTH);
  });
});
