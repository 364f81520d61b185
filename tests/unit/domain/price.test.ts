import { describe, expect, it } from 'vitest';
import {
  formatPrice,
  formatPriceInput,
  parsePrice,
  PRICE_CURRENCY_SEPARATOR,
  readPrice,
} from '../../../src/domain/price.js';

const NBSP = '\u00a0';

describe('parsePrice', () => {
  it.each([
    ['125', 12500],
    ['125,5', 12550],
    ['125,50', 12550],
    ['125.50', 12550],
    ['125.5', 12550],
    ['1.250,50', 125050],
    ['1250,50', 125050],
    ['1 250,50', 125050],
    ['1.250', 125000],
    ['12.500', 1_250_000],
    ['125.000', 12_500_000],
    ['125 ₺', 12500],
    ['125,50₺', 12550],
    ['125 TL', 12500],
    ['125,5 tl', 12550],
    [' 42 ', 4200],
    [`1${NBSP}250,00${NBSP}₺`, 125000],
    ['0', 0],
    ['0,05', 5],
    [',5', 50],
    ['1.000.000', 100_000_000],
    ['1000000,00', 100_000_000],
    // As Turks write prices: the sign before or after, with or without a space.
    ['₺ 140', 14000],
    ['₺70', 7000],
    ['140 ₺', 14000],
    ['140 TL', 14000],
    ['TL 140', 14000],
    ['1.150,00 TL', 115000],
    ['1.150', 115000],
    ['1150,5', 115050],
    // Excel's Windows-1254 CSV writes ₺ as "?".
    ['1.150,00 ?', 115000],
    ['?140', 14000],
  ])('%j → %i kuruş', (typed, kurus) => {
    expect(parsePrice(typed)).toBe(kurus);
  });

  it.each([
    [''],
    ['   '],
    ['₺'],
    ['-5'],
    ['-0,50'],
    ['125,505'],
    ['125.505.5'],
    ['1000000,01'],
    ['1.000.001'],
    ['99999999999999999999'],
    ['12,5,0'],
    ['1.25.0'],
    ['12.50,00'],
    ['abc'],
    ['12a'],
    ['1e3'],
    ['0x10'],
    ['$125'],
    ['125 €'],
    ['₺125₺'],
    ['?125?'],
    ['12?5'],
    ['１２５'],
    ['Infinity'],
    ['NaN'],
  ])('%j is refused', (typed) => {
    expect(parsePrice(typed)).toBeNull();
  });
});

describe('formatPrice', () => {
  it.each([
    [12550, '125,50'],
    [12500, '125,00'],
    [5, '0,05'],
    [0, '0,00'],
    [125050, '1.250,50'],
    [125000, '1.250,00'],
    [100_000_000, '1.000.000,00'],
    [99_999, '999,99'],
  ])('%i → %s ₺', (kurus, amount) => {
    expect(formatPrice(kurus)).toBe(`${amount}${NBSP}₺`);
  });

  it('puts a no-break space before ₺', () => {
    expect(PRICE_CURRENCY_SEPARATOR).toBe(NBSP);
  });

  it('reads back what it writes', () => {
    for (const kurus of [0, 1, 99, 100, 12550, 999_999, 1_000_000, 12_345_678, 100_000_000]) {
      expect(parsePrice(formatPrice(kurus))).toBe(kurus);
      expect(parsePrice(formatPriceInput(kurus))).toBe(kurus);
    }
  });

  it('gives the editor the amount without the sign', () => {
    expect(formatPriceInput(125050)).toBe('1.250,50');
  });
});

describe('readPrice', () => {
  it.each([
    ['', 'empty'],
    [' ₺ ', 'empty'],
    ['-5', 'negative'],
    ['−5', 'negative'],
    ['1000000,01', 'tooHigh'],
    ['99999999999999999999', 'tooHigh'],
    ['2.000.000', 'tooHigh'],
    ['125,505', 'decimals'],
    ['1.250,505', 'decimals'],
    ['12.3456', 'decimals'],
    ['₺ 140 TL', 'format'],
    ['??', 'format'],
    ['1,150.00', 'format'],
    ['abc', 'format'],
  ])('%j: %s', (typed, problem) => {
    expect(readPrice(typed)).toBe(problem);
  });

  it('reads a price as parsePrice does', () => {
    expect(readPrice('1.250,5 TL')).toBe(125050);
  });
});
