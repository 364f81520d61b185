import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../../src/lib/secret-box.js';

const MASTER = 'a-session-secret-of-at-least-32-characters';

describe('SecretBox', () => {
  const box = new SecretBox(MASTER, 'administrator-totp-secret');

  it('opens what it sealed for the same row, and never shows the plain text', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'administrator:1');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'administrator:1')).toBe('JBSWY3DPEHPK3PXP');
    // A fresh IV every time.
    expect(box.seal('JBSWY3DPEHPK3PXP', 'administrator:1')).not.toBe(sealed);
  });

  it('does not open for another row, another key, another purpose, or after tampering', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'administrator:1');
    expect(box.open(sealed, 'administrator:2')).toBeNull();
    expect(new SecretBox(`${MASTER}-rotated`, 'administrator-totp-secret').open(sealed, 'administrator:1')).toBeNull();
    expect(new SecretBox(MASTER, 'something-else').open(sealed, 'administrator:1')).toBeNull();
    const [version, iv, body, tag] = sealed.split('.') as [string, string, string, string];
    const flipped = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    expect(box.open([version, iv, flipped, tag].join('.'), 'administrator:1')).toBeNull();
    // A shortened tag (GCM would accept 4 bytes) is refused.
    expect(box.open([version, iv, body, tag.slice(0, 6)].join('.'), 'administrator:1')).toBeNull();
    expect(box.open('v2.x.y.z', 'administrator:1')).toBeNull();
    expect(box.open('', 'administrator:1')).toBeNull();
  });
});
