/**
 * QR codes of a profile and of its wifi, location and IBAN links: the payload builders are pure
 * functions (tested byte for byte), rendering is a thin wrapper over `qrcode` (sharp scales the
 * PNG). The SVG `qrcode` writes holds only path data, so no user text ever reaches the markup.
 */
import QRCode, { type QRCodeErrorCorrectionLevel } from 'qrcode';
import sharp from 'sharp';
import { ValidationError } from '../errors.js';
import { locationHref, splitPair } from '../domain/link-values.js';

/** docs/product.md, Public page: the profile QR is 300 wide with a margin of 3, error level M. */
export const PROFILE_QR = { width: 300, margin: 3, level: 'M' } as const;
export const PRINT_SIZE = { min: 100, max: 2000 } as const;

export const qrMessages = {
  failed: 'QR kod oluşturulamadı',
  badSize: `QR kod boyutu ${PRINT_SIZE.min} ile ${PRINT_SIZE.max} piksel arasında bir tam sayı olmalıdır.`,
} as const;

export interface QrOptions {
  width: number;
  margin: number;
  level: QRCodeErrorCorrectionLevel;
}

export interface QrPayload {
  text: string;
  level: QRCodeErrorCorrectionLevel;
}

/** The platforms whose link gets its own QR code. */
export const QR_PLATFORMS = ['wifi', 'location', 'iban'] as const;
export type QrPlatform = (typeof QR_PLATFORMS)[number];

export function isQrPlatform(platform: string): platform is QrPlatform {
  return (QR_PLATFORMS as readonly string[]).includes(platform);
}

/** `?size=` of the PNG: absent gives 300; otherwise a whole number 100..2000, else a 422. */
export function parsePrintSize(raw: unknown): number {
  if (raw === undefined) return PROFILE_QR.width;
  const value = typeof raw === 'string' && /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= PRINT_SIZE.min && value <= PRINT_SIZE.max)) {
    throw new ValidationError({ size: qrMessages.badSize });
  }
  return value;
}

/** The MECARD-style escaping of the Wi-Fi QR format: `\ ; , : "` get a backslash. */
export function escapeWifi(value: string): string {
  return value.replace(/[\\;,:"]/g, (c) => `\\${c}`);
}

/** `WIFI:T:WPA;S:{ssid};P:{password};;`, or an open network when there is no password. */
export function wifiPayload(ssid: string, password: string): string {
  return password === ''
    ? `WIFI:T:nopass;S:${escapeWifi(ssid)};;`
    : `WIFI:T:WPA;S:${escapeWifi(ssid)};P:${escapeWifi(password)};;`;
}

/**
 * The IBAN alone, `TR` and 26 characters without spaces. Turkish bank apps read only TR Karekod,
 * which only a licensed payment service provider with a BKM "Karekod Üretici Kodu" may produce
 * (TCMB regulation, Resmî Gazete 31220, 21.08.2020); the European EPC code they do not read, and a
 * phone camera showed its raw lines. A bare IBAN is what a camera offers to copy and a bank app's
 * "IBAN'a gönder" field takes as pasted.
 */
export function ibanPayload(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/** The QR payload of a stored link value, or null when the platform has none or the value is empty. */
export function linkQrPayload(platform: string, storedUrl: string): QrPayload | null {
  switch (platform) {
    case 'wifi': {
      const { first: ssid, second: password } = splitPair(storedUrl);
      return ssid.trim() === '' ? null : { text: wifiPayload(ssid, password), level: 'L' };
    }
    case 'location':
      return storedUrl.trim() === '' ? null : { text: locationHref(storedUrl.trim()), level: 'L' };
    case 'iban': {
      const { first: iban } = splitPair(storedUrl);
      return iban.trim() === '' ? null : { text: ibanPayload(iban), level: 'M' };
    }
    default:
      return null;
  }
}

export function renderSvg(text: string, options: QrOptions): Promise<string> {
  return QRCode.toString(text, {
    type: 'svg',
    width: options.width,
    margin: options.margin,
    errorCorrectionLevel: options.level,
  });
}

/**
 * The PNG: `qrcode` gives the module matrix, sharp (libvips, off the event loop) scales it up
 * with nearest-neighbour into a 1-bit PNG. `qrcode`'s own PNG writer is plain JavaScript and
 * blocks the event loop for about 200 ms at 2000 px, too much for a public URL.
 */
export async function renderPng(text: string, options: QrOptions): Promise<Buffer> {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: options.level });
  const side = modules.size + 2 * options.margin;
  const pixels = Buffer.alloc(side * side, 255);
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) pixels[(row + options.margin) * side + col + options.margin] = 0;
    }
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 1 } })
    .resize(options.width, options.width, { kernel: 'nearest' })
    .png({ palette: true, colours: 2, effort: 1, dither: 0 })
    .toBuffer();
}
