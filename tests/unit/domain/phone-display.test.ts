import { describe, expect, it } from 'vitest';
import { displayPhone } from '../../../src/domain/phone-display.js';

describe('displayPhone', () => {
  it('groups a Turkish number as it is read aloud, and leaves any other number as stored', () => {
    expect(displayPhone('+905321234567')).toBe('+90 532 123 45 67');
    expect(displayPhone('+902161234567')).toBe('+90 216 123 45 67');
    expect(displayPhone('+4930123456789')).toBe('+4930123456789');
    expect(displayPhone('+90532123456')).toBe('+90532123456');
  });
});
