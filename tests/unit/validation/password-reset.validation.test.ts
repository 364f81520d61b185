import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/errors.js';
import { messages, parseForgotEmail, parseNewPassword } from '../../../src/validation/password-reset.validation.js';

function fieldsOf(fn: () => unknown): Record<string, string> {
  try {
    fn();
  } catch (err) {
    if (err instanceof ValidationError) return { ...err.fields };
    throw err;
  }
  throw new Error('not refused');
}

describe('parseForgotEmail', () => {
  it('reads the address in the form sign-in looks it up in', () => {
    expect(parseForgotEmail({ email: '  Yonetici@Example.COM ' })).toBe('yonetici@example.com');
  });

  it.each([
    [{}, messages.emailRequired],
    [{ email: '   ' }, messages.emailRequired],
    [{ email: ['a@b.c', 'd@e.f'] }, messages.emailRequired],
    [{ email: 'yonetici' }, messages.emailInvalid],
    [{ email: 'a@b@c' }, messages.emailInvalid],
    [{ email: 'yonetici@example.com\r\nBcc: x@y.z' }, messages.emailInvalid],
    [{ email: `${'a'.repeat(250)}@b.co` }, messages.emailInvalid],
  ])('refuses %j', (body, message) => {
    expect(fieldsOf(() => parseForgotEmail(body))).toEqual({ email: message });
  });
});

describe('parseNewPassword', () => {
  const email = 'yonetici@example.com';

  it('takes a strong password typed twice alike', () => {
    expect(parseNewPassword({ password: 'Kadıköy-vapuru-1923', password_confirm: 'Kadıköy-vapuru-1923' }, email)).toBe(
      'Kadıköy-vapuru-1923',
    );
  });

  it.each([
    [{ password: '', password_confirm: '' }, { password: messages.passwordRequired }],
    [{ password: 'kisa1', password_confirm: 'kisa1' }, { password: messages.tooShort }],
    [{ password: 'fenerbahçe', password_confirm: 'fenerbahçe' }, { password: messages.common }],
    [
      { password: 'Yonetici@Example.com', password_confirm: 'Yonetici@Example.com' },
      { password: messages.sameAsEmail },
    ],
    [
      { password: 'Kadıköy-vapuru-1923', password_confirm: 'Kadıköy-vapuru-1924' },
      { password_confirm: messages.mismatch },
    ],
    [
      { password: ['Kadıköy-vapuru-1923'], password_confirm: 'Kadıköy-vapuru-1923' },
      { password: messages.passwordRequired },
    ],
  ])('refuses %j', (body, fields) => {
    expect(fieldsOf(() => parseNewPassword(body, email))).toEqual(fields);
  });
});
