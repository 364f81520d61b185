import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/errors.js';
import {
  epcPayload,
  escapeWifi,
  isQrPlatform,
  linkQrPayload,
  parsePrintSize,
  qrMessages,
  renderPng,
  renderSvg,
  wifiPayload,
} from '../../../src/media/qr.js';
import { locationHref } from '../../../src/domain/link-values.js';

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

describe('epcPayload', () => {
  it('writes the EPC069-12 lines up to the IBAN: empty BIC, nothing after the last filled element', () => {
    expect(epcPayload('TR33 0006 1005 1978 6457 8413 26', 'Çağrı Öztürk').split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      '',
      'Çağrı Öztürk',
      'TR330006100519786457841326',
    ]);
  });

  it('never writes a bare EUR amount', () => {
    expect(epcPayload('TR330006100519786457841326', 'Ali')).not.toContain('EUR');
  });

  it('uppercases the IBAN, keeps the holder to 70 characters and on one line', () => {
    const holder = `${'Ş'.repeat(69)}ĞX`;
    const lines = epcPayload('tr330006100519786457841326', holder).split('\n');
    expect(lines[6]).toBe('TR330006100519786457841326');
    expect(lines[5]).toBe(`${'Ş'.repeat(69)}Ğ`);
    expect(Array.from(lines[5] ?? '')).toHaveLength(70);
    expect(epcPayload('TR33', 'Ali\nVeli').split('\n')[5]).toBe('Ali Veli');
    expect(epcPayload('TR33', 'Ali\nVeli').split('\n')).toHaveLength(7);
  });
});

describe('linkQrPayload', () => {
  it('reads a wifi link as ssid|password at level L (a | in the password stays)', () => {
    expect(linkQrPayload('wifi', 'Ev Ağı|a|b;c')).toEqual({ text: 'WIFI:T:WPA;S:Ev Ağı;P:a|b\\;c;;', level: 'L' });
    expect(linkQrPayload('wifi', 'Misafir')).toEqual({ text: 'WIFI:T:nopass;S:Misafir;;', level: 'L' });
    expect(linkQrPayload('wifi', 'Misafir|')).toEqual({ text: 'WIFI:T:nopass;S:Misafir;;', level: 'L' });
  });

  it('reads a location as its map link at level L', () => {
    expect(linkQrPayload('location', 'Bağdat Cad. No:5, Kadıköy')).toEqual({ text: locationHref('Bağdat Cad. No:5, Kadıköy'), level: 'L' });
    expect(linkQrPayload('location', 'https://maps.app.goo.gl/abc')).toEqual({ text: 'https://maps.app.goo.gl/abc', level: 'L' });
  });

  it('reads an IBAN link as IBAN|holder into an EPC payload at level M', () => {
    expect(linkQrPayload('iban', 'TR330006100519786457841326|Ayşe Işık')).toEqual({
      text: 'BCD\n002\n1\nSCT\n\nAyşe Işık\nTR330006100519786457841326',
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

  it.each([['99'], ['2001'], ['0'], [''], ['-5'], ['12.5'], ['1e3'], ['abc'], ['99999'], [['300', '400']], [{ a: '1' }]])(
    '%j is a 422 with a Turkish message',
    (raw) => {
      let error: unknown;
      try {
        parsePrintSize(raw);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).status).toBe(422);
      expect((error as ValidationError).fields).toEqual({ size: qrMessages.badSize });
    },
  );
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
