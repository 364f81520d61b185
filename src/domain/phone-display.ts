/**
 * A stored phone number (E.164 without spaces, `+905321234567`, as src/validation/phone.validation.ts
 * writes it) as people read it on paper: a Turkish number in the national groups
 * (`+90 532 123 45 67`), any other one as stored.
 */
export function displayPhone(stored: string): string {
  const turkish = turkishGroups(stored);
  return turkish ? `+90 ${turkish.join(' ')}` : stored;
}

/**
 * A stored phone number as it is dialled from Turkey, for a spreadsheet: a Turkish number in
 * the national form (`0532 123 45 67`), any other one with the international prefix `00` in
 * place of `+` (`00 4930123456789`). Neither starts like a formula, and the space keeps Excel
 * from reading it as a number and dropping the leading zero.
 */
export function nationalPhone(stored: string): string {
  const turkish = turkishGroups(stored);
  if (turkish) return `0${turkish.join(' ')}`;
  return stored.startsWith('+') ? `00 ${stored.slice(1)}` : stored;
}

function turkishGroups(stored: string): string[] | null {
  const turkish = /^\+90([2-9]\d{2})(\d{3})(\d{2})(\d{2})$/.exec(stored);
  return turkish ? turkish.slice(1) : null;
}
