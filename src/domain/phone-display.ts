/**
 * A stored phone number (E.164 without spaces, `+905321234567`, as src/validation/phone.validation.ts
 * writes it) as people read it on paper: a Turkish number in the national groups
 * (`+90 532 123 45 67`), any other one as stored.
 */
export function displayPhone(stored: string): string {
  const turkish = /^\+90([2-9]\d{2})(\d{3})(\d{2})(\d{2})$/.exec(stored);
  return turkish ? `+90 ${turkish.slice(1).join(' ')}` : stored;
}
