import { describe, expect, it } from 'vitest';
import {
  labelCodesOf,
  labelOf,
  parseLabels,
  PRICE_LIST_LABELS,
  storedLabels,
} from '../../../src/domain/price-list-labels.js';
import { foldForSearch } from '../../../src/domain/slug.js';

describe('PRICE_LIST_LABELS', () => {
  it('has four kinds of dish and the 14 allergens', () => {
    expect(PRICE_LIST_LABELS.filter((l) => l.group === 'diet').map((l) => l.label)).toEqual([
      'Vegan',
      'Vejetaryen',
      'Acı',
      'Glutensiz',
    ]);
    expect(PRICE_LIST_LABELS.filter((l) => l.group === 'allergen')).toHaveLength(14);
  });

  it('has codes a form and the stored column can carry, and no two entries that fold alike', () => {
    const names = PRICE_LIST_LABELS.flatMap((l) => [foldForSearch(l.code), foldForSearch(l.label)]);
    const perEntry = PRICE_LIST_LABELS.map((l) => new Set([foldForSearch(l.code), foldForSearch(l.label)]).size);
    expect(new Set(names).size).toBe(perEntry.reduce((a, b) => a + b, 0));
    for (const { code } of PRICE_LIST_LABELS) expect(code).toMatch(/^[a-z][a-z-]*$/);
  });
});

describe('parseLabels', () => {
  it('reads checkbox codes and gives them in the list order, once each', () => {
    expect(parseLabels(['sut', 'vegan', 'aci', 'sut'])).toEqual({ ok: true, codes: ['vegan', 'aci', 'sut'] });
  });

  it('reads a CSV cell of Turkish labels, comma- or pipe-separated, in any case', () => {
    expect(parseLabels('Acı, GLUTENSİZ | süt|Yer Fıstığı')).toEqual({
      ok: true,
      codes: ['aci', 'glutensiz', 'yer-fistigi', 'sut'],
    });
    expect(parseLabels('ACI BAKLA, YUMUŞAKÇALAR, Sert kabuklu yemişler')).toEqual({
      ok: true,
      codes: ['sert-kabuklu', 'aci-bakla', 'yumusakcalar'],
    });
    expect(parseLabels('GLUTENSIZ,gluten içeren tahıllar,BALIK')).toEqual({
      ok: true,
      codes: ['glutensiz', 'gluten', 'balik'],
    });
  });

  it('tells Acı from Acı bakla', () => {
    expect(parseLabels('acı')).toEqual({ ok: true, codes: ['aci'] });
    expect(parseLabels('acı bakla')).toEqual({ ok: true, codes: ['aci-bakla'] });
  });

  it('reads nothing as no labels', () => {
    expect(parseLabels('')).toEqual({ ok: true, codes: [] });
    expect(parseLabels(' , | ')).toEqual({ ok: true, codes: [] });
    expect(parseLabels([])).toEqual({ ok: true, codes: [] });
  });

  it('refuses unknown labels with the text as typed', () => {
    expect(parseLabels('vegan, Helal, fıstık')).toEqual({ ok: false, unknown: ['Helal', 'fıstık'] });
    expect(parseLabels(['vegan', '<b>x</b>'])).toEqual({ ok: false, unknown: ['<b>x</b>'] });
  });
});

describe('stored labels', () => {
  it('round-trips through the column', () => {
    expect(storedLabels(['vegan', 'sut'])).toBe('vegan,sut');
    expect(storedLabels([])).toBeNull();
    expect(labelCodesOf('vegan,sut')).toEqual(['vegan', 'sut']);
    expect(labelCodesOf(null)).toEqual([]);
    expect(labelCodesOf('vegan,gone')).toEqual(['vegan']);
    expect(labelOf('yer-fistigi')).toBe('Yer fıstığı');
  });
});
