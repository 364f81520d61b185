import { describe, expect, it } from 'vitest';
import { hashResetToken, isWellFormedResetToken, newResetToken } from '../../../src/domain/reset-token.js';

describe('reset tokens', () => {
  it('are 43 base64url characters, new every time, stored as their SHA-256', () => {
    const a = newResetToken();
    const b = newResetToken();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.hash).toBe(hashResetToken(a.token));
    expect(a.hash).not.toBe(hashResetToken(b.token));
  });

  it('take only their own shape before any lookup', () => {
    expect(isWellFormedResetToken(newResetToken().token)).toBe(true);
    for (const bad of [
      '',
      'a'.repeat(42),
      'a'.repeat(44),
      `${'a'.repeat(42)}/`,
      `${'a'.repeat(42)}=`,
      '<script>alert(1)</script>'.padEnd(43, 'a'),
    ]) {
      expect(isWellFormedResetToken(bad), bad).toBe(false);
    }
  });
});
