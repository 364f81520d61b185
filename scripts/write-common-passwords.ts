/**
 * `npm run passwords`: writes src/assets/common-passwords.txt, zxcvbn's ~49,000 common passwords
 * (the @zxcvbn-ts/language-common package, MIT, a dev dependency) in lower case, one a line.
 * The server reads the file for a check and lets it go (src/lib/common-passwords.ts): the
 * package, once loaded, held 3.8 MB of heap for good. tests/unit/domain/password-strength.test.ts
 * fails while the file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { dictionary } from '@zxcvbn-ts/language-common';
import { commonPasswordsFile } from '../src/lib/paths.js';

/** The file's text: a line per password, sorted, and a line break before the first one too. */
export function commonPasswordsText(): string {
  const passwords = [
    ...new Set(dictionary['passwords-common'].map((password) => String(password).toLowerCase())),
  ].sort();
  return `\n${passwords.join('\n')}\n`;
}

if (/write-common-passwords\.[jt]s$/.test(process.argv[1] ?? '')) {
  writeFileSync(commonPasswordsFile, commonPasswordsText());
}
