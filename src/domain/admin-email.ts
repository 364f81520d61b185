/** As long as an address may be (RFC 5321) and the column holds. */
const MAX_LENGTH = 254;

/**
 * The one form of an administrator's e-mail: what is stored, what sign-in looks up, and what the
 * sign-in throttle counts on, so no spelling of an address gets a counter of its own. Trimmed and
 * lower-cased; text longer than an address can be, or holding control characters, is no address
 * at all (''), never cut down to one.
 */
export function administratorEmail(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  const email = raw.trim().toLowerCase();
  return email.length > MAX_LENGTH || /\p{Cc}/u.test(email) ? '' : email;
}
