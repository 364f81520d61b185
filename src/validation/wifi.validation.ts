/** The Wi-Fi link, stored as `ssid|password` (the password may be empty: an open network). */
import { joinPair, splitPair } from '../domain/link-values.js';
import { cleanText, codePoints, collect, fail, TEXT_FORBIDDEN } from './field-text.js';
import { LINK_LIMITS } from './link-limits.js';
import { messages } from './link-messages.js';

/**
 * The stored value from the `ssid` and `password` fields, or from `url` in the stored form;
 * undefined (with `errors` filled in) when a field is wrong.
 */
export function wifiLinkValue(
  body: Readonly<Record<string, unknown>>,
  errors: Record<string, string>,
): string | undefined {
  const fromUrl = splitPair(typeof body.url === 'string' ? body.url : '');
  const twoFields = typeof body.ssid === 'string';
  const ssid = collect(errors, () => validSsid(twoFields ? body.ssid : fromUrl.first));
  const password = collect(errors, () => validWifiPassword(twoFields ? body.password : fromUrl.second));
  return ssid === undefined || password === undefined ? undefined : joinPair(ssid, password);
}

/** At most 32 bytes (what Wi-Fi allows); no `|`, which separates the stored pair. */
function validSsid(raw: unknown): string {
  const ssid = cleanText(raw);
  if (ssid === '') fail('ssid', messages.ssidRequired);
  if (ssid.includes('|')) fail('ssid', messages.ssidPipe);
  if (TEXT_FORBIDDEN.test(ssid)) fail('ssid', messages.ssidInvalid);
  if (Buffer.byteLength(ssid, 'utf8') > LINK_LIMITS.ssidBytes) fail('ssid', messages.ssidTooLong);
  return ssid;
}

/** Kept as typed (spaces count in a passphrase); only an all-blank value means "no password". */
function validWifiPassword(raw: unknown): string {
  const password = typeof raw === 'string' && raw.trim() !== '' ? raw.normalize('NFC') : '';
  if (/\p{Cc}/u.test(password)) fail('password', messages.passwordInvalid);
  const length = codePoints(password);
  if (length !== 0 && (length < LINK_LIMITS.passwordMin || length > LINK_LIMITS.passwordMax)) {
    fail('password', messages.passwordLength);
  }
  return password;
}
