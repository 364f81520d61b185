import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/errors.js';
import { parseNotificationForm } from '../../../src/validation/notification.validation.js';

function fieldsOf(body: Record<string, unknown>): Record<string, string> {
  try {
    parseNotificationForm(body);
  } catch (err) {
    if (err instanceof ValidationError) return { ...err.fields };
    throw err;
  }
  return {};
}

describe('parseNotificationForm', () => {
  it('reads the address (domain lower-cased) and the two choices', () => {
    expect(parseNotificationForm({ email: ' Sahip@Örnek.COM.tr ', on_message: '1', weekly: 'on' })).toEqual({
      email: 'Sahip@xn--rnek-4qa.com.tr',
      onMessage: true,
      weekly: true,
      resend: false,
    });
    expect(parseNotificationForm({ email: 'a@b.co', on_message: '0', resend: '1' })).toEqual({
      email: 'a@b.co',
      onMessage: false,
      weekly: false,
      resend: true,
    });
  });

  it('takes an empty address with nothing chosen as "off"', () => {
    expect(parseNotificationForm({ email: '' })).toEqual({
      email: null,
      onMessage: false,
      weekly: false,
      resend: false,
    });
  });

  it('refuses every problem at once, in Turkish, keyed by field', () => {
    expect(fieldsOf({ email: '', weekly: '1' })).toEqual({ email: 'Bildirim almak için bir e-posta adresi yazın.' });
    expect(fieldsOf({ email: 'yok@', on_message: 'evet', weekly: ['1'] })).toEqual({
      email: 'Geçerli bir e-posta adresi girin.',
      on_message: 'Bu seçim geçersiz.',
      weekly: 'Bu seçim geçersiz.',
    });
  });
});
