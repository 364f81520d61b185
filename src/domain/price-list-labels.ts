import { foldForSearch } from './slug.js';

/**
 * The labels an item of the price list may carry (docs/product.md, Price list): what the dish
 * is, and the 14 allergens Turkish food labelling names. Items store the codes,
 * comma-separated, in this list's order; pages show the labels.
 */

export type PriceListLabelGroup = 'diet' | 'allergen';

export interface PriceListLabel {
  code: string;
  label: string;
  group: PriceListLabelGroup;
}

export const PRICE_LIST_LABELS: readonly PriceListLabel[] = [
  { code: 'vegan', label: 'Vegan', group: 'diet' },
  { code: 'vejetaryen', label: 'Vejetaryen', group: 'diet' },
  { code: 'aci', label: 'Acı', group: 'diet' },
  { code: 'glutensiz', label: 'Glutensiz', group: 'diet' },
  { code: 'gluten', label: 'Gluten içeren tahıllar', group: 'allergen' },
  { code: 'kabuklular', label: 'Kabuklular', group: 'allergen' },
  { code: 'yumurta', label: 'Yumurta', group: 'allergen' },
  { code: 'balik', label: 'Balık', group: 'allergen' },
  { code: 'yer-fistigi', label: 'Yer fıstığı', group: 'allergen' },
  { code: 'soya', label: 'Soya', group: 'allergen' },
  { code: 'sut', label: 'Süt', group: 'allergen' },
  { code: 'sert-kabuklu', label: 'Sert kabuklu yemişler', group: 'allergen' },
  { code: 'kereviz', label: 'Kereviz', group: 'allergen' },
  { code: 'hardal', label: 'Hardal', group: 'allergen' },
  { code: 'susam', label: 'Susam', group: 'allergen' },
  { code: 'sulfit', label: 'Sülfit', group: 'allergen' },
  { code: 'aci-bakla', label: 'Acı bakla', group: 'allergen' },
  { code: 'yumusakcalar', label: 'Yumuşakçalar', group: 'allergen' },
];

/** Code or label, folded (`ACI`, `Acı`, `aci` alike; `aci-bakla` and `Acı bakla` alike), to its entry. */
const BY_FOLDED_NAME: ReadonlyMap<string, PriceListLabel> = new Map(
  PRICE_LIST_LABELS.flatMap(
    (entry) =>
      [
        [foldForSearch(entry.code), entry],
        [foldForSearch(entry.label), entry],
      ] as const,
  ),
);

const ORDER: ReadonlyMap<string, number> = new Map(PRICE_LIST_LABELS.map((entry, i) => [entry.code, i]));

export type ParsedLabels = { ok: true; codes: string[] } | { ok: false; unknown: string[] };

/**
 * Labels as a form's checkboxes (codes, repeated) or a CSV's `etiketler` cell (codes or Turkish
 * labels, comma- or pipe-separated) give them: their codes in the list's order, once each, or
 * the texts that are no label, as typed.
 */
export function parseLabels(input: string | readonly string[]): ParsedLabels {
  const texts = (typeof input === 'string' ? [input] : input)
    .flatMap((text) => text.split(/[,|]/))
    .map((text) => text.trim())
    .filter((text) => text !== '');
  const codes = new Set<string>();
  const unknown: string[] = [];
  for (const text of texts) {
    const entry = BY_FOLDED_NAME.get(foldForSearch(text));
    if (entry) codes.add(entry.code);
    else unknown.push(text);
  }
  if (unknown.length > 0) return { ok: false, unknown };
  return { ok: true, codes: [...codes].sort((a, b) => ORDER.get(a)! - ORDER.get(b)!) };
}

/** The stored `labels` column as codes; a code no longer on the list is left out. */
export function labelCodesOf(stored: string | null): string[] {
  if (!stored) return [];
  return stored.split(',').filter((code) => ORDER.has(code));
}

/** The codes as the `labels` column stores them, null for none. */
export function storedLabels(codes: readonly string[]): string | null {
  return codes.length > 0 ? codes.join(',') : null;
}

/** The label of a code, for pages. */
export function labelOf(code: string): string | undefined {
  return PRICE_LIST_LABELS.find((entry) => entry.code === code)?.label;
}
