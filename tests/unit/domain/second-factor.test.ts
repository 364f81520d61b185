import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  groupedSecret,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  totpStep,
} from '../../../src/domain/second-factor.js';

describe('TOTP', () => {
  // RFC 6238 appendix B: the SHA-1 secret "12345678901234567890", at 59 s the 8-digit code is 94287082.
  const rfcSecret = Secret.fromLatin1('12345678901234567890').base32;

  it('matches the RFC 6238 test vector (6 digits: the last six of 94287082)', () => {
    expect(totpStep(rfcSecret, '287082', 59_000)).toBe(1);
    expect(totpStep(rfcSecret, '287083', 59_000)).toBeNull();
  });

  it('allows one 30 s step of drift either way, not two', () => {
    const secret = newTotpSecret();
    const now = Date.parse('2026-11-21T09:00:10Z');
    const step = Math.floor(now / 30_000);
    const at = (offset: number) =>
      TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now + offset * 30_000 });
    expect(totpStep(secret, at(0), now)).toBe(step);
    expect(totpStep(secret, at(-1), now)).toBe(step - 1);
    expect(totpStep(secret, at(1), now)).toBe(step + 1);
    expect(totpStep(secret, at(-2), now)).toBeNull();
    expect(totpStep(secret, at(2), now)).toBeNull();
  });

  it('makes 160-bit secrets and an otpauth URI with the issuer and account', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    expect(groupedSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    expect(otpauthUri(secret, 'ayse@example.com')).toBe(
      `otpauth://totp/Vizit:ayse%40example.com?issuer=Vizit&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
  });
});

describe('recovery codes', () => {
  it('makes ten distinct 16-character codes in groups of four', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
  });

  it('hashes a code the same however it is typed', () => {
    const hash = hashRecoveryCode('ABCD-EFGH-IJKL-MNOP');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode(' abcd efgh ijkl mnop ')).toBe(hash);
    expect(hashRecoveryCode('ABCDEFGHIJKLMNOP')).toBe(hash);
    expect(hashRecoveryCode('ABCD-EFGH-IJKL-MNOQ')).not.toBe(hash);
  });
});
