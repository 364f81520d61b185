import jsQRModule from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/errors.js';
import {
  escapeWifi,
  ibanPayload,
  isQrPlatform,
  linkQrPayload,
  parsePrintSize,
  qrMessages,
  renderPng,
  renderSvg,
  wifiPayload,
} from '../../../src/media/qr.js';
import { locationHref } from '../../../src/domain/link-values.js';

// jsqr is CommonJS with a `default` export in its types; NodeNext sees the module object.
const jsQR = jsQRModule.default;

describe('escapeWifi / wifiPayload', () => {
  it('backslash-escapes \\ ; , : and "', () => {
    expect(escapeWifi('a\\b;c,d:e"f')).toBe('a\\\\b\\;c\\,d\\:e\\"f');
    expect(escapeWifi('Kafe Çınaraltı')).toBe('Kafe Çınaraltı');
  });

  it('writes a WPA network', () => {
    expect(wifiPayload('Kafe Çınar', 'şifre;123')).toBe('WIFI:T:WPA;S:Kafe Çınar;P:şifre\\;123;;');
  });

  it('escapes both the SSID and the password', () => {
    expect(wifiPayload('a:b,c', 'p"a\\s')).toBe('WIFI:T:WPA;S:a\\:b\\,c;P:p\\"a\\\\s;;');
  });

  it('writes an open network when the password is empty', () => {
    expect(wifiPayload('Misafir', '')).toBe('WIFI:T:nopass;S:Misafir;;');
  });
});

describe('ibanPayload', () => {
  it('is the IBAN alone, upper-cased, without spaces: what a phone camera offers to copy', () => {
    expect(ibanPayload('TR33 0006 1005 1978 6457 8413 26')).toBe('TR330006100519786457841326');
    expect(ibanPayload('tr330006100519786457841326')).toBe('TR330006100519786457841326');
  });

  it('decodes from the rendered QR code as exactly the IBAN (no EPC "BCD" lines, no holder)', async () => {
    const payload = linkQrPayload('iban', 'TR330006100519786457841326|Ayşe Işık');
    const png = await renderPng(payload!.text, { width: 300, margin: 3, level: payload!.level });
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(code?.data).toBe('TR330006100519786457841326');
  });
});

describe('linkQrPayload', () => {
  it('reads a wifi link as ssid|password at level L (a | in the password stays)', () => {
    expect(linkQrPayload('wifi', 'Ev Ağı|a|b;c')).toEqual({ text: 'WIFI:T:WPA;S:Ev Ağı;P:a|b\\;c;;', level: 'L' });
    expect(linkQrPayload('wifi', 'Misafir')).toEqual({ text: 'WIFI:T:nopass;S:Misafir;;', level: 'L' });
    expect(linkQrPayload('wifi', 'Misafir|')).toEqual({ text: 'WIFI:T:nopass;S:Misafir;;', level: 'L' });
  });

  it('reads a location as its map link at level L', () => {
    expect(linkQrPayload('location', 'Bağdat Cad. No:5, Kadıköy')).toEqual({
      text: locationHref('Bağdat Cad. No:5, Kadıköy'),
      level: 'L',
    });
    expect(linkQrPayload('location', 'https://maps.app.goo.gl/abc')).toEqual({
      text: 'https://maps.app.goo.gl/abc',
      level: 'L',
    });
  });

  it('reads an IBAN link as IBAN|holder into the bare IBAN at level M', () => {
    expect(linkQrPayload('iban', 'TR330006100519786457841326|Ayşe Işık')).toEqual({
      text: 'TR330006100519786457841326',
      level: 'M',
    });
  });

  it('has nothing for other platforms or empty values', () => {
    expect(linkQrPayload('instagram', 'https://instagram.com/a')).toBeNull();
    expect(linkQrPayload('wifi', '|sifre')).toBeNull();
    expect(linkQrPayload('location', '  ')).toBeNull();
    expect(linkQrPayload('iban', '|Ali')).toBeNull();
    expect(isQrPlatform('wifi')).toBe(true);
    expect(isQrPlatform('catalog')).toBe(false);
  });
});

describe('parsePrintSize', () => {
  it('defaults to 300 and takes whole numbers from 100 to 2000', () => {
    expect(parsePrintSize(undefined)).toBe(300);
    expect(parsePrintSize('100')).toBe(100);
    expect(parsePrintSize('2000')).toBe(2000);
    expect(parsePrintSize('0850')).toBe(850);
  });

  it.each([
    ['99'],
    ['2001'],
    ['0'],
    [''],
    ['-5'],
    ['12.5'],
    ['1e3'],
    ['abc'],
    ['99999'],
    [['300', '400']],
    [{ a: '1' }],
  ])('%j is a 422 with a Turkish message', (raw) => {
    let error: unknown;
    try {
      parsePrintSize(raw);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).status).toBe(422);
    expect((error as ValidationError).fields).toEqual({ size: qrMessages.badSize });
  });
});

describe('rendering', () => {
  it('writes an SVG of the requested width whose markup holds no payload text', async () => {
    const svg = await renderSvg('https://vizit.example/<script>', { width: 300, margin: 3, level: 'M' });
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain('width="300"');
    expect(svg).not.toContain('script');
  });

  it('writes a PNG of the requested width', async () => {
    const png = await renderPng('https://vizit.example/a', { width: 512, margin: 3, level: 'M' });
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(512);
  });

  it('fails on a payload too long for any QR code', async () => {
    await expect(renderSvg('x'.repeat(8000), { width: 300, margin: 3, level: 'M' })).rejects.toThrow();
  });
});
