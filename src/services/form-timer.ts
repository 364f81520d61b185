import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A signed "form shown at" stamp for the visitor message form: a bot that posts within
 * a second of loading is refused, without cookies, sessions or third-party captchas.
 */
export class FormTimer {
  constructor(
    private readonly secret: string,
    readonly minimumMs = 2000,
  ) {}

  private sign(at: number): string {
    return createHmac('sha256', this.secret).update(`message-form:${at}`).digest('base64url').slice(0, 22);
  }

  stamp(at: number): string {
    return `${at}.${this.sign(at)}`;
  }

  /** 'ok', 'too-fast', or 'invalid' for a missing or forged stamp. */
  check(stamp: unknown, now: number): 'ok' | 'too-fast' | 'invalid' {
    if (typeof stamp !== 'string') return 'invalid';
    const match = /^(\d{10,16})\.([A-Za-z0-9_-]{22})$/.exec(stamp);
    if (!match) return 'invalid';
    const at = Number(match[1]);
    const given = Buffer.from(match[2]!);
    const expected = Buffer.from(this.sign(at));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return now - at < this.minimumMs ? 'too-fast' : 'ok';
  }
}
