import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/validation/link-messages.js';
import { errorsOf, urlOf } from './link-form.js';

describe('location: an address or an http(s) map URL', () => {
  it.each([
    ['Moda Cad. No: 5, Kadıköy / İstanbul', 'Moda Cad. No: 5, Kadıköy / İstanbul'],
    ['  Bağdat   Cad.\n No 12  ', 'Bağdat Cad. No 12'],
    ['abc', 'abc'],
    ['https://maps.app.goo.gl/abc123', 'https://maps.app.goo.gl/abc123'],
    ['https://www.google.com/maps/place/Kad%C4%B1k%C3%B6y', 'https://www.google.com/maps/place/Kad%C4%B1k%C3%B6y'],
  ])('%j → %j', (input, expected) => {
    expect(urlOf('location', input)).toBe(expected);
  });

  it('accepts 300 characters and refuses 301', () => {
    expect(urlOf('location', 'a'.repeat(300))).toHaveLength(300);
    expect(errorsOf({ platform: 'location', url: 'a'.repeat(301) })).toEqual({ url: messages.locationTooLong });
  });

  it.each([
    ['ab', messages.locationTooShort],
    ['', messages.locationRequired],
    ['Moda\u0000Cad', messages.locationInvalid],
    ['Moda \u202ECad', messages.locationInvalid],
    ['https://localhost/x', messages.urlInvalid],
    ['http:/ornek', messages.urlInvalid],
  ])('%j is refused', (input, message) => {
    expect(errorsOf({ platform: 'location', url: input })).toEqual({ url: message });
  });
});
