import { hash, randomBytes } from 'node:crypto';

/** Page loads counted per client address per profile in one period; the page itself is always served. */
export const COUNTED_LOADS_PER_VISITOR = 3;
export const VIEW_PERIOD_MS = 30 * 60 * 1000;
/** Visitors remembered per period, at most: about 60 bytes each, so the two periods kept hold 2.5 MB at most. */
export const VISITORS_KEPT = 20_000;

/**
 * Which page loads count as views (docs/product.md, Statistics): the first few of one client
 * address on one profile in a period, so reloading a page hundreds of times neither inflates an
 * owner's figures nor grows the database. Nothing about the visitor is kept: a visitor is the
 * first 48 bits of a SHA-256 of a key made when the process starts, the profile and the address,
 * held in memory only (per instance). The keyed hash is one call with no object of its own, a
 * third of an HMAC's cost on every page load (docs/performance.md); no hash ever leaves the process,
 * so nothing an HMAC guards against applies. Two periods are kept, the current and the one
 * before, and a visitor's loads in both are added up, so no stretch of one period anywhere
 * counts more than the limit. Should more visitors than VISITORS_KEPT come within a period, the
 * period turns early: memory stays bounded and the window only gets shorter.
 */
export class ViewAllowance {
  private readonly key = randomBytes(32).toString('hex');
  private current = new Map<number, number>();
  private previous = new Map<number, number>();
  private periodStartedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly limit = COUNTED_LOADS_PER_VISITOR,
    private readonly periodMs = VIEW_PERIOD_MS,
    private readonly kept = VISITORS_KEPT,
  ) {}

  /** True when this load counts as a view, and then it is counted against the visitor. */
  counts(address: string | undefined, customerId: number, now: number): boolean {
    this.turn(now);
    const visitor = hash('sha256', `${this.key} ${customerId} ${address ?? ''}`, 'buffer').readUIntBE(0, 6);
    const seen = this.current.get(visitor) ?? 0;
    if (seen + (this.previous.get(visitor) ?? 0) >= this.limit) return false;
    this.current.set(visitor, seen + 1);
    return true;
  }

  private turn(now: number): void {
    const elapsed = now - this.periodStartedAt;
    if (elapsed < this.periodMs && this.current.size < this.kept) return;
    this.previous = elapsed < 2 * this.periodMs ? this.current : new Map();
    this.current = new Map();
    this.periodStartedAt = now;
  }
}
