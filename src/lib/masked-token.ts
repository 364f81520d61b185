import { randomBytes } from 'node:crypto';

/**
 * A secret token as a page carries it, against BREACH (a compressed body that echoes input
 * beside a secret leaks the secret through its size): a fresh random pad and the token XORed
 * with it, so no two responses hold the same bytes while every one of them stands for the token.
 * What Django and Rails do with their CSRF tokens.
 */
export function maskToken(token: string): string {
  const plain = Buffer.from(token, 'utf8');
  const pad = randomBytes(plain.length);
  const masked = Buffer.alloc(plain.length);
  for (let i = 0; i < plain.length; i += 1) masked[i] = (plain[i] as number) ^ (pad[i] as number);
  return Buffer.concat([pad, masked]).toString('base64url');
}

/** The token a masked value stands for; null when it is no masked value at all. */
export function unmaskToken(value: string): string | null {
  if (!/^[A-Za-z0-9_-]{2,1024}$/.test(value)) return null;
  const bytes = Buffer.from(value, 'base64url');
  if (bytes.length === 0 || bytes.length % 2 !== 0) return null;
  const half = bytes.length / 2;
  const plain = Buffer.alloc(half);
  for (let i = 0; i < half; i += 1) plain[i] = (bytes[i] as number) ^ (bytes[half + i] as number);
  return plain.toString('utf8');
}
