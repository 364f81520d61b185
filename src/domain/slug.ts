const TURKISH_TO_ASCII: Readonly<Record<string, string>> = {
  ç: 'c',
  Ç: 'c',
  ğ: 'g',
  Ğ: 'g',
  ı: 'i',
  I: 'i',
  İ: 'i',
  ö: 'o',
  Ö: 'o',
  ş: 's',
  Ş: 's',
  ü: 'u',
  Ü: 'u',
};

/**
 * The first path segments the server answers itself; a customer never gets one of these
 * (tests/unit/routes-reserved-slugs.test.ts reads the route table and fails on a route not listed
 * here). Anything that could become a top-level route or file later is on the list too: `k` for
 * the card codes' short links.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'admin',
  'login',
  'logout',
  'edit',
  'notifications',
  'k',
  'uploads',
  'static',
  'assets',
  'build',
  'css',
  'img',
  'js',
  'healthz',
  'health',
  'api',
  'favicon.ico',
  'favicon',
  'robots.txt',
  'robots',
  'sitemap.xml',
  'sitemap',
  'manifest.json',
  'manifest',
  'sw.js',
  'public',
  'well-known',
  '.well-known',
  'vizit',
  'help',
  'yardim',
  'about',
  'hakkinda',
  'privacy',
  'gizlilik',
  'terms',
  'kosullar',
  'contact',
  'iletisim',
  'signup',
  'register',
  'kayit',
  'giris',
  'cikis',
  'panel',
  'yonetim',
  'settings',
  'ayarlar',
  'www',
  'mail',
  'root',
  'null',
  'undefined',
]);

/**
 * Name + surname as a URL segment: Turkish letters folded to ASCII, lower-cased,
 * everything but a-z and 0-9 removed (docs/product.md, Administrator).
 */
export function foldSlug(name: string, surname: string): string {
  return Array.from(`${name}${surname}`)
    .map((ch) => TURKISH_TO_ASCII[ch] ?? ch.toLowerCase())
    .join('')
    .replace(/[^a-z0-9]/g, '');
}

/** The longest slug a public address can hold (docs/product.md, Public page). */
export const MAX_SLUG_LENGTH = 140;

/** Turkish letters to ASCII and lower case, character by character; anything else as it is. */
export function foldLetters(text: string): string {
  return Array.from(text.normalize('NFC'))
    .map((ch) => TURKISH_TO_ASCII[ch] ?? ch.toLowerCase())
    .join('');
}

/**
 * The slugs an address typed in another spelling may mean, the most literal first
 * (docs/product.md, Public page): Turkish letters folded and lower-cased as slugs are made, with
 * its hyphens (an address the administrator chose may have them), then without them as a created
 * slug has none, a namesake's `-N` kept (`/Ayşe-Yılmaz-2` is the second Ayşe Yılmaz).
 * Other characters are dropped as slug creation drops them (`/josé` is `/jos`).
 */
export function typedSlugCandidates(typed: string): string[] {
  // Control and format characters (NUL, CR, zero-width, bidi) are never typed: such an address is
  // refused whole rather than quietly read as the page it hides.
  if (/\p{C}/u.test(typed)) return [];
  const literal = foldLetters(typed)
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  const [, base = '', suffix = ''] = /^(.*?)(-\d+)?$/.exec(literal) ?? [];
  const created = `${base.replace(/-/g, '')}${suffix}`;
  return [...new Set([literal, created])].filter((slug) => /^[a-z0-9]/.test(slug) && slug.length <= MAX_SLUG_LENGTH);
}

/**
 * Text as the admin search compares it: Turkish letters folded to ASCII, other accents dropped,
 * lower-cased, every run of anything but a-z and 0-9 one space. "ŞAHİN", "Şahin" and "sahin"
 * are the same, on SQLite and PostgreSQL alike (neither database's lower() knows Turkish).
 */
export function foldForSearch(text: string): string {
  return Array.from(text)
    .map((ch) => TURKISH_TO_ASCII[ch] ?? ch)
    .join('')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** What customers.search_text holds: the folded full name, then the slug. */
export function customerSearchText(name: string, surname: string, slug: string): string {
  return `${foldForSearch(`${name} ${surname}`)} ${slug}`;
}

/** The first of base, base-2, base-3, ... that is neither reserved nor taken. */
export function pickFreeSlug(base: string, taken: ReadonlySet<string>): string {
  const root = base || 'musteri';
  if (!RESERVED_SLUGS.has(root) && !taken.has(root)) return root;
  for (let n = 2; ; n += 1) {
    const candidate = `${root}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
