/** The agency brand form (docs/product.md, Agency brand): name, web address, accent colour. */
import { ValidationError } from '../errors.js';
import { ACCENT_PATTERN, lightContrast, MIN_CONTRAST } from '../domain/brand-colors.js';
import { chosenAccent } from './accent-fields.js';
import { cleanText, collect, fail, graphemeCount, TEXT_FORBIDDEN } from './field-text.js';
import { messages as linkMessages } from './link-messages.js';
import { normalizeWebUrl } from './web-url.validation.js';

export const BRAND_NAME_MAX = 60;

export const messages = {
  nameRequired: 'Marka adı zorunludur.',
  nameTooLong: `Marka adı en fazla ${BRAND_NAME_MAX} karakter olabilir.`,
  nameForbidden: 'Marka adı görünmeyen kontrol karakterleri içeremez.',
  urlScheme: 'Yalnızca http:// veya https:// ile başlayan web adresleri kabul edilir.',
  colorInvalid: 'Renk #rrggbb biçiminde olmalıdır (ör. #0f766e).',
  colorContrast: (ratio: string) =>
    `Bu renk beyaz yazıyla ve açık zeminde yeterince okunmuyor (kontrast ${ratio}:1, en az 4,5:1 gerekir). ` +
    `Daha koyu bir ton seçin.`,
} as const;

export interface BrandInput {
  name: string;
  url: string | null;
  accentColor: string | null;
}

/** The form's text fields as typed, for showing the form again with its errors. */
export interface BrandFormValues {
  brand_name: string;
  brand_url: string;
  accent_color: string;
}

export function brandFormValues(body: Record<string, unknown>): BrandFormValues {
  const text = (raw: unknown) => (typeof raw === 'string' ? raw.slice(0, 2100) : '');
  return { brand_name: text(body.brand_name), brand_url: text(body.brand_url), accent_color: chosenAccent(body) };
}

function parseName(raw: unknown): string {
  const name = cleanText(raw).replace(/\s+/g, ' ');
  if (!name) fail('brand_name', messages.nameRequired);
  if (TEXT_FORBIDDEN.test(name)) fail('brand_name', messages.nameForbidden);
  if (graphemeCount(name) > BRAND_NAME_MAX) fail('brand_name', messages.nameTooLong);
  return name;
}

/** `#RRGGBB` or `RRGGBB` as `#rrggbb`; empty is no accent (Vizit's colours). Refusals go under `field`. */
export function parseAccent(raw: unknown, field = 'accent_color'): string | null {
  const value = cleanText(raw).toLowerCase();
  if (!value) return null;
  const color = value.startsWith('#') ? value : `#${value}`;
  if (!ACCENT_PATTERN.test(color)) fail(field, messages.colorInvalid);
  const ratio = lightContrast(color);
  if (ratio < MIN_CONTRAST)
    fail(field, messages.colorContrast((Math.floor(ratio * 10) / 10).toFixed(1).replace('.', ',')));
  return color;
}

/** An http(s) address (a bare `ajans.com` gets https://); the link form's other schemes are refused here. */
function parseUrl(raw: string): string {
  try {
    return normalizeWebUrl(raw, 'brand_url');
  } catch (err) {
    if (err instanceof ValidationError && err.fields.brand_url === linkMessages.urlForbiddenScheme)
      fail('brand_url', messages.urlScheme);
    throw err;
  }
}

/** Every field's problem at once, keyed by its form name; 422 with all of them. */
export function parseBrand(body: Record<string, unknown>): BrandInput {
  const errors: Record<string, string> = {};
  const name = collect(errors, () => parseName(body.brand_name));
  const rawUrl = cleanText(body.brand_url);
  const url = rawUrl ? collect(errors, () => parseUrl(rawUrl)) : null;
  const accentColor = collect(errors, () => parseAccent(chosenAccent(body)));
  if (Object.keys(errors).length > 0 || name === undefined || url === undefined || accentColor === undefined) {
    throw new ValidationError(errors);
  }
  return { name, url, accentColor };
}
