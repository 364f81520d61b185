import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a loaded form's stamp may be used: a day, so a stamp copied once cannot post forever. */
export const FORM_STAMP_LIFETIME_MS = 24 * 60 * 60 * 1000;

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

  /** 'ok', 'too-fast', 'expired' past FORM_STAMP_LIFETIME_MS, or 'invalid' for a missing or forged stamp. */
  check(stamp: unknown, now: number): 'ok' | 'too-fast' | 'expired' | 'invalid' {
    if (typeof stamp !== 'string') return 'invalid';
    const match = /^(\d{10,16})\.([A-Za-z0-9_-]{22})$/.exec(stamp);
    if (!match) return 'invalid';
    const at = Number(match[1]);
    const given = Buffer.from(match[2]!);
    const expected = Buffer.from(this.sign(at));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    if (now - at > FORM_STAMP_LIFETIME_MS) return 'expired';
    return now - at < this.minimumMs ? 'too-fast' : 'ok';
  }

  /**
   * The stamp a form was sent with, to put in the same form shown again after a refusal: ours and
   * within its lifetime, the minimum fill time stays counted from the form's first display, so a
   * visitor who fixes one field at once is not told to wait. null when a new stamp is needed.
   */
  kept(stamp: unknown, now: number): string | null {
    const timing = this.check(stamp, now);
    return timing === 'ok' || timing === 'too-fast' ? (stamp as string) : null;
  }
}
