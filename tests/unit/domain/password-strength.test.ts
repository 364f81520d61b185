import { describe, expect, it } from 'vitest';
import { passwordProblem } from '../../../src/domain/password-strength.js';

describe('passwordProblem', () => {
  it.each(['Kadıköy-vapuru-1923', 'uzun ve tuhaf bir cümle', 'x7#Lq9!mPz'])('accepts %j', (password) => {
    expect(passwordProblem(password, 'a@b.c')).toBeNull();
  });

  it.each([
    ['1234567', 'en az 8'],
    ['ğğğğğğğ', 'en az 8'],
    ['password', 'yaygın'],
    ['PASSWORD1', 'yaygın'],
    ['12345678', 'yaygın'],
    ['qwertyuiop', 'yaygın'],
    ['Galatasaray', 'yaygın'],
    ['şifre123', 'yaygın'],
    ['yonetici@ornek.com', 'e-posta'],
    ['x'.repeat(257), 'en fazla'],
  ])('refuses %j', (password, reason) => {
    expect(passwordProblem(password, 'yonetici@ornek.com')).toContain(reason);
  });

  it('counts characters as a person does', () => {
    expect(passwordProblem('😀😀😀😀😀😀😀😀')).toBeNull();
  });
});
