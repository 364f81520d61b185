import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/errors.js';
import { parseCategoryName, parseItem, parseKind, parseSwitch } from '../../../src/validation/price-list.validation.js';

function refusal(work: () => unknown): Readonly<Record<string, string>> {
  try {
    work();
  } catch (err) {
    if (err instanceof ValidationError) return err.fields;
    throw err;
  }
  throw new Error('not refused');
}

const item = { category_id: '7', name: 'Türk Kahvesi', price: '85' };

describe('parseItem', () => {
  it('reads the form: trimmed NFC text, the price in kuruş, labels in the list order, the checkboxes', () => {
    expect(
      parseItem({
        ...item,
        name: '  Türk   Kahvesi ',
        description: 'Közde\r\npişer ',
        price: '85,5',
        labels: ['sut', 'aci'],
        sold_out: 'on',
        is_visible: '1',
      }),
    ).toEqual({
      categoryId: 7,
      name: 'Türk Kahvesi',
      description: 'Közde\npişer',
      priceKurus: 8550,
      labels: ['aci', 'sut'],
      soldOut: true,
      isVisible: true,
    });
  });

  it('takes one label as a string, none, and an empty description as none; unticked boxes are off', () => {
    expect(parseItem({ ...item, labels: 'vegan', description: '   ' })).toMatchObject({
      labels: ['vegan'],
      description: null,
      soldOut: false,
      isVisible: false,
    });
    expect(parseItem(item).labels).toEqual([]);
  });

  it('counts characters, not bytes: 80 Turkish letters are a name, 81 are not', () => {
    expect(parseItem({ ...item, name: 'ğ'.repeat(80) }).name).toHaveLength(80);
    expect(refusal(() => parseItem({ ...item, name: 'ğ'.repeat(81) }))).toEqual({
      name: 'Ürün adı en fazla 80 karakter olabilir.',
    });
  });

  it('names every problem at once', () => {
    expect(
      refusal(() =>
        parseItem({
          category_id: '0',
          name: '',
          description: 'x'.repeat(301),
          price: '12,345',
          labels: ['vegan', 'Helal'],
        }),
      ),
    ).toEqual({
      category_id: 'Bir kategori seçin.',
      name: 'Ürün adı boş olamaz.',
      description: 'Açıklama en fazla 300 karakter olabilir.',
      price: 'Kuruş için virgülden sonra en fazla iki basamak yazın, örneğin 1.150,50.',
      labels: 'Bilinmeyen etiket: Helal.',
    });
  });

  it.each([['01'], ['-1'], ['1e3'], ['7 '], [['7', '8']]])('refuses the category id %j', (categoryId) => {
    expect(refusal(() => parseItem({ ...item, category_id: categoryId }))).toEqual({
      category_id: 'Bir kategori seçin.',
    });
  });

  it('refuses invisible bidi and control characters, not line breaks in a description', () => {
    expect(refusal(() => parseItem({ ...item, name: 'Kahve\u202Eesi' }))).toEqual({
      name: 'Metinde kullanılamayan görünmez karakterler var.',
    });
    expect(refusal(() => parseItem({ ...item, description: 'a\u0000b' }))).toEqual({
      description: 'Metinde kullanılamayan görünmez karakterler var.',
    });
    expect(parseItem({ ...item, description: 'bir\nsatır' }).description).toBe('bir\nsatır');
  });

  it('refuses a price sent twice', () => {
    expect(refusal(() => parseItem({ ...item, price: ['10', '20'] }))).toEqual({
      price: 'Fiyatı yazın, örneğin 140 ya da 1.150,00.',
    });
  });
});

describe('the other price list fields', () => {
  it('reads a category name, a kind and a switch', () => {
    expect(parseCategoryName({ name: ' Sıcak  İçecekler ' })).toBe('Sıcak İçecekler');
    expect(refusal(() => parseCategoryName({}))).toEqual({ name: 'Kategori adı boş olamaz.' });
    expect(parseKind({ kind: 'catalog' })).toBe('catalog');
    expect(refusal(() => parseKind({ kind: 'Menu' }))).toEqual({
      kind: 'Liste türü olarak “Menü” ya da “Ürün kataloğu” seçin.',
    });
    expect([parseSwitch({ sold_out: '1' }, 'sold_out'), parseSwitch({ sold_out: '0' }, 'sold_out')]).toEqual([
      true,
      false,
    ]);
    expect(refusal(() => parseSwitch({ sold_out: 'on' }, 'sold_out'))).toEqual({ sold_out: 'Geçersiz değer.' });
  });
});
