import { readFileSync } from 'node:fs';
import { commonPasswordsFile } from './paths.js';

/**
 * Whether one of `candidates` (lower case) is among zxcvbn's ~49,000 common passwords, which
 * `npm run passwords` writes to src/assets. The list is read for the check and let go: checks
 * are rare (the start with ADMIN_PASSWORD, a password change), and held for good it was 3.8 MB
 * of heap (docs/architecture.md, Memory).
 */
export function isListedPassword(candidates: readonly string[]): boolean {
  const list = readFileSync(commonPasswordsFile, 'utf8');
  return candidates.some((candidate) => !candidate.includes('\n') && list.includes(`\n${candidate}\n`));
}
