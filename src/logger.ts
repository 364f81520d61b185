import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

const REDACTED = '[gizli]';

/** Percent escapes decoded one by one, so a malformed one (`%zz`, a cut UTF-8 sequence) leaves the rest readable. */
function decodeLeniently(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url.replace(/%([0-9a-f]{2})/gi, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
}

/** After an `edit` segment (any case, any number of slashes): the next segment is the token. */
const AFTER_EDIT = /(\/+edit\/+)[^/?#]*/gi;
/** After `login/reset` (a "Şifremi unuttum" link): the next segment is its one-time token. */
const AFTER_RESET = /(\/+login\/+reset\/+)[^/?#]*/gi;
/** After `admin/invite` (an invitation to the team): the next segment is its one-use token. */
const AFTER_INVITE = /(\/+admin\/+invite\/+)[^/?#]*/gi;
/**
 * After `notifications/confirm` or `notifications/unsubscribe` (links in the owner's e-mails): the next segment is
 * their token.
 */
const AFTER_NOTIFICATION_LINK = /(\/+notifications\/+(?:confirm|unsubscribe)\/+)[^/?#]*/gi;
/**
 * What looks like an edit token wherever it stands (a query, a doubly encoded path): 43 or more
 * base64url characters with a capital or `_` in them, which a slug (lower case) never has.
 */
const TOKEN_LIKE = /(?<![A-Za-z0-9_-])(?=[A-Za-z0-9-]*[A-Z_])[A-Za-z0-9_-]{43,}(?![A-Za-z0-9_-])/g;

/**
 * The edit token is the owner's only credential, a reset link's token an administrator's for an
 * hour and an invitation's a new administrator's for a week, so none reaches a log line. The path
 * is read as a person's browser would send it and as a router might still take it: percent escapes
 * decoded (`/%65dit/`), any case (`/Edit/`, a phone keyboard's capital), doubled slashes
 * (`/edit//{token}`); the segment after `edit`, `login/reset` or `admin/invite` is replaced, and so
 * is anything token-shaped. A path without a percent sign is checked as it is (the usual case,
 * nothing decoded).
 */
export function redactPath(url: string): string {
  let path = url.includes('%') ? decodeLeniently(url) : url;
  // Decoded once more: `%2565dit` is `%65dit` after one pass.
  if (path.includes('%')) path = decodeLeniently(path);
  return path
    .replace(AFTER_EDIT, `$1${REDACTED}`)
    .replace(AFTER_RESET, `$1${REDACTED}`)
    .replace(AFTER_INVITE, `$1${REDACTED}`)
    .replace(AFTER_NOTIFICATION_LINK, `$1${REDACTED}`)
    .replace(TOKEN_LIKE, REDACTED);
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
    // Passwords, cookies and session ids are never in what we log; these paths are a second fence.
    redact: {
      paths: ['password', '*.password', 'req.headers.cookie', 'res.headers["set-cookie"]', 'sessionID'],
      censor: '[gizli]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
