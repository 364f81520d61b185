import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commonPasswordsText } from '../../../scripts/write-common-passwords.js';
import { passwordProblem } from '../../../src/domain/password-strength.js';
import { commonPasswordsFile } from '../../../src/lib/paths.js';

describe('src/assets/common-passwords.txt', () => {
  it('is what `npm run passwords` writes from the installed zxcvbn list (run it when this fails)', () => {
    const text = readFileSync(commonPasswordsFile, 'utf8');
    expect(text === commonPasswordsText()).toBe(true);
    expect(text.split('\n').length).toBeGreaterThan(40_000);
  });
});

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

  it('refuses a listed password whole, not a line that only contains it or a part of one', () => {
    expect(passwordProblem('baseball')).toContain('yaygın');
    expect(passwordProblem('baseball\nbaseball')).toBeNull();
    expect(passwordProblem('aseballs')).toBeNull();
    expect(passwordProblem('zbaseball')).toBeNull();
  });

  it('counts characters as a person does', () => {
    expect(passwordProblem('😀😀😀😀😀😀😀😀')).toBeNull();
  });
});
