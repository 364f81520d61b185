import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { accentCss } from '../domain/brand-colors.js';
import { ownerAccentCss } from '../domain/public-accent.js';
import { styleHashOf } from '../http/inline-style.js';
import { safeHref } from '../lib/safe-url.js';
import type { BrandRecord, SettingsRepository } from '../repositories/settings.repository.js';
import type { BrandInput } from '../validation/brand.validation.js';

/** The agency's brand as other code uses it (pages, print kit); Vizit's own without settings. */
export interface Brand {
  name: string;
  url: string | null;
  accentColor: string | null;
  logoUrl: string | null;
}

/** What the pages draw from a brand: whether one is set, its logo's size, its style block and that block's CSP hash. */
export interface BrandLook extends Brand {
  custom: boolean;
  /** The letter in the brand mark when there is no logo. */
  mark: string;
  logoWidth: number;
  logoHeight: number;
  /** The accent as CSS design tokens ('' without an accent), and the CSP source allowing it. */
  css: string;
  styleHash: string;
  /** The accent as the owner's pages draw it, the public page's way (domain/public-accent.ts), and its CSP source. */
  ownerCss: string;
  ownerStyleHash: string;
}

/** A logo change in a save: new PNG bytes, `null` to remove it, absent to keep it. */
export type LogoChange = Buffer | null | undefined;

const VIZIT: BrandLook = {
  name: 'Vizit',
  url: null,
  accentColor: null,
  logoUrl: null,
  custom: false,
  mark: 'V',
  logoWidth: 0,
  logoHeight: 0,
  css: '',
  styleHash: '',
  ownerCss: '',
  ownerStyleHash: '',
};

/** The logo URL names its content (the first 20 hex digits of its SHA-256), so it is cached for good. */
const LOGO_URL = /^logo-([0-9a-f]{20})\.png$/;
const logoUrlOf = (hash: string) => `/img/brand/logo-${hash.slice(0, 20)}.png`;

/** Width and height from a PNG's IHDR chunk (bytes 16 to 24); we wrote the file ourselves. */
function pngSize(data: Buffer): { width: number; height: number } {
  return data.length >= 24 ? { width: data.readUInt32BE(16), height: data.readUInt32BE(20) } : { width: 0, height: 0 };
}

function lookOf(record: BrandRecord | null): BrandLook {
  if (!record) return VIZIT;
  const css = accentCss(record.accentColor);
  const ownerCss = ownerAccentCss(record.accentColor);
  const size = record.logo ? pngSize(record.logo.data) : { width: 0, height: 0 };
  return {
    name: record.name,
    // Checked again as it is drawn, like every stored href (src/lib/safe-url.ts).
    url: record.url && /^https?:/i.test(record.url) ? safeHref(record.url) : null,
    accentColor: record.accentColor,
    logoUrl: record.logo ? logoUrlOf(record.logo.hash) : null,
    custom: true,
    mark: ([...record.name][0] ?? 'V').toLocaleUpperCase('tr'),
    logoWidth: size.width,
    logoHeight: size.height,
    css,
    styleHash: styleHashOf(css),
    ownerCss,
    ownerStyleHash: styleHashOf(ownerCss),
  };
}

interface Loaded {
  look: BrandLook;
  logo: Buffer | null;
  at: number;
}

/**
 * The brand, read once and kept in memory: a page asks for it without a database query. A write
 * here drops the copy at once; a write on another instance reaches this one's landing, sign-in
 * and admin pages within `maxAgeMs`, and its public pages at once (they ask for `fresh()` when
 * they are rendered again, which the write causes by raising every customer's version).
 */
export class BrandService {
  private loaded: Loaded | null = null;
  private loading: { generation: number; promise: Promise<Loaded> } | null = null;
  /** Raised by every write, so a read that started before it never stores what it read. */
  private generation = 0;

  constructor(
    private readonly settings: SettingsRepository,
    private readonly now: () => number,
    private readonly maxAgeMs = 5000,
  ) {}

  /** One query; what it read is kept unless a write came in meanwhile. */
  private async read(): Promise<Loaded> {
    const generation = this.generation;
    const record = await this.settings.findBrand();
    const loaded = { look: lookOf(record), logo: record?.logo?.data ?? null, at: performance.now() };
    if (generation === this.generation) this.loaded = loaded;
    return loaded;
  }

  /** A read the pages asking at the same moment share (never one begun before a write). */
  private load(): Promise<Loaded> {
    if (this.loading?.generation === this.generation) return this.loading.promise;
    const promise = this.read().finally(() => {
      if (this.loading?.promise === promise) this.loading = null;
    });
    this.loading = { generation: this.generation, promise };
    return promise;
  }

  /** From memory while it is younger than `maxAgeMs`. */
  private async recent(): Promise<Loaded> {
    const loaded = this.loaded;
    return loaded && performance.now() - loaded.at < this.maxAgeMs ? loaded : this.load();
  }

  /** The brand with what pages draw from it. */
  async look(): Promise<BrandLook> {
    return (await this.recent()).look;
  }

  /** The brand last read, however old, without a query: for an error page while the database may be away. */
  lastKnown(): BrandLook | null {
    return this.loaded?.look ?? null;
  }

  async current(): Promise<Brand> {
    const { name, url, accentColor, logoUrl } = await this.look();
    return { name, url, accentColor, logoUrl };
  }

  /** Read from the database now: for a page about to be cached, which must never keep an old brand. */
  async fresh(): Promise<BrandLook> {
    return (await this.read()).look;
  }

  /** The logo's PNG bytes for its URL's file name, or null when that is not the current logo. */
  async logoFile(fileName: string): Promise<Buffer | null> {
    const wanted = LOGO_URL.exec(fileName)?.[1];
    if (!wanted) return null;
    const matches = (loaded: Loaded) => (loaded.look.logoUrl === logoUrlOf(wanted) ? loaded.logo : null);
    const known = this.loaded ? matches(this.loaded) : null;
    // A page from another instance may already name a newer logo than this one has read.
    return known ?? matches(await this.read());
  }

  /** The current logo's PNG bytes (for the print kit), or null without one. */
  async logo(): Promise<Buffer | null> {
    return (await this.recent()).logo;
  }

  /** Runs a write with the copy in memory dropped before and after it, so no read from either side of it is kept. */
  private async writing(write: () => Promise<void>): Promise<void> {
    this.generation += 1;
    this.loaded = null;
    try {
      await write();
    } finally {
      this.generation += 1;
      this.loaded = null;
    }
  }

  async save(input: BrandInput, logo: LogoChange): Promise<void> {
    const logoRow = logo ? { data: logo, hash: createHash('sha256').update(logo).digest('hex') } : logo;
    await this.writing(() => this.settings.saveBrand({ ...input, logo: logoRow }, this.now()));
  }

  /** Back to Vizit's own look: the row and its logo are removed. */
  async clear(): Promise<void> {
    await this.writing(() => this.settings.clearBrand());
  }
}
