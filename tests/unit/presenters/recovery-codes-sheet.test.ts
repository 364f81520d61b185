import { describe, expect, it } from 'vitest';
import { recoveryCodesFile } from '../../../src/presenters/recovery-codes-sheet.js';

const owner = { brandName: 'Vizit', email: 'yonetici@example.com', timeZone: 'Europe/Istanbul' };
const codes = Array.from({ length: 10 }, (_, i) => `AAAA-BBBB-CCCC-DDD${'ABCDEFGHIJ'[i]}`);
const at = Date.parse('2026-11-26T06:30:00Z');

describe('recoveryCodesFile', () => {
  it(
    'heads the codes with the brand, the administrator and the local date, numbered and aligned, with ' +
      'Windows line ends',
    () => {
      const { text } = recoveryCodesFile(codes, at, owner);
      const lines = text.split('\r\n');
      expect(lines[0]).toBe('Vizit · Kurtarma kodları');
      expect(lines[1]).toBe('Yönetici: yonetici@example.com');
      expect(lines[2]).toBe('Oluşturulma: 26 Kasım 2026 09:30');
      expect(lines).toContain(' 1. AAAA-BBBB-CCCC-DDDA');
      expect(lines).toContain('10. AAAA-BBBB-CCCC-DDDJ');
      expect(text).not.toMatch(/[^\r]\n/);
    },
  );

  it('names the file after the brand, Turkish letters folded, Vizit when nothing of it is left', () => {
    expect(recoveryCodesFile(codes, at, owner).fileName).toBe('vizit-kurtarma-kodlari.txt');
    expect(recoveryCodesFile(codes, at, { ...owner, brandName: 'Çağrı & Şükrü Ajans' }).fileName).toBe(
      'cagri-sukru-ajans-kurtarma-kodlari.txt',
    );
    expect(recoveryCodesFile(codes, at, { ...owner, brandName: '★ ★' }).fileName).toBe('vizit-kurtarma-kodlari.txt');
  });
});
