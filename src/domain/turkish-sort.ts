/**
 * The administrator's list by name in Turkish alphabetical order (docs/product.md, Administrator):
 * a b c ç d e f g ğ h ı i j k l m n o ö p r s ş t u ü v y z. The order is written into a key that
 * any byte-wise comparison keeps (SQLite's BINARY, PostgreSQL's "C"), so both databases sort the
 * same and an index serves the list; neither database's own collation knows Turkish.
 */

/** The longest key customers.name_sort_key holds (a varchar on PostgreSQL). */
export const NAME_SORT_KEY_MAX_LENGTH = 255;

/** Each Turkish letter that has a plain twin sorts right after it: its code is the twin's letter and `1`. */
const TURKISH_LETTERS: Readonly<Record<string, string>> = {
  ç: 'c1',
  ğ: 'g1',
  ı: 'i0',
  i: 'i1',
  ö: 'o1',
  ş: 's1',
  ü: 'u1',
};

/** A character in Turkish lower case: `I` is `ı`, `İ` is `i` (JavaScript's toLowerCase makes both `i`). */
function turkishLower(ch: string): string {
  if (ch === 'I') return 'ı';
  if (ch === 'İ') return 'i';
  return ch.toLowerCase();
}

/** The two-character code of a letter or digit, or null for anything else (a space, a sign). */
function codeOf(ch: string): string | null {
  const lower = turkishLower(ch);
  const turkish = TURKISH_LETTERS[lower];
  if (turkish) return turkish;
  // Other accents sort as their letter: é as e, ñ as n.
  const base = lower.normalize('NFD').replace(/\p{M}/gu, '');
  if (/^[a-z]$/.test(base)) return `${base}0`;
  if (/^[0-9]$/.test(base)) return `0${base}`;
  return null;
}

/**
 * The sort key of a name: every letter and digit as two characters (digits `00`–`09` before the
 * letters; a letter `x0`, its Turkish twin `x1`, `ı` `i0` before `i` `i1`), each run of anything
 * else one space, which sorts before both (so "Ali Veli" comes before "Alim Ak").
 */
export function turkishSortKey(text: string): string {
  let key = '';
  let gap = false;
  for (const ch of Array.from(text.normalize('NFC'))) {
    const code = codeOf(ch);
    if (code === null) {
      gap = key !== '';
      continue;
    }
    key += `${gap ? ' ' : ''}${code}`;
    gap = false;
  }
  return key.slice(0, NAME_SORT_KEY_MAX_LENGTH);
}

/** What customers.name_sort_key holds: the name, then the surname. */
export function customerNameSortKey(name: string, surname: string): string {
  return turkishSortKey(`${name} ${surname}`);
}
