import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Small secrets kept in the database encrypted with AES-256-GCM under a key derived (HKDF-SHA256)
 * from SESSION_SECRET and a purpose, so the key is never stored and never shared with the session
 * signature. A value is bound to its row (`context`, the authenticated data): copied onto another
 * row it does not open. A new SESSION_SECRET makes every stored value unreadable (docs/configuration.md).
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(masterSecret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', masterSecret, 'vizit-secret-box', purpose, 32));
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, body, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The plain text, or null when the value was sealed under another key, for another row, or is damaged. */
  open(sealed: string, context: string): string | null {
    const [version, iv, body, tag] = sealed.split('.');
    if (version !== VERSION || !iv || body === undefined || !tag) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
