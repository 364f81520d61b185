/**
 * What the crash test sent and what the server answered. A write answered with success must
 * be in the database after any crash; one answered with a refusal must not; one that got no
 * answer (the kill cut it off) may or may not be.
 */
export type Kind = 'message' | 'bio' | 'link' | 'reorder' | 'photo';
export const KINDS: readonly Kind[] = ['message', 'bio', 'link', 'reorder', 'photo'];

export interface Counts {
  attempted: number;
  acknowledged: number;
  refused: number;
  unanswered: number;
  checked: number;
}

/**
 * The newest value of something each write replaces (a bio, a photo, an order), for one
 * customer, written by one loop at a time: after a crash the stored value is the last
 * acknowledged one, or one sent after it whose answer was lost.
 */
export class LatestValue<T> {
  acked: T | null = null;
  /** Sent after the last acknowledged one and never answered: each may have been committed. */
  unanswered: T[] = [];
  /** Every value ever acknowledged, to tell an old value coming back from a newer one. */
  readonly history = new Set<string>();

  ack(value: T): void {
    this.acked = value;
    this.unanswered = [];
    this.history.add(JSON.stringify(value));
  }

  lose(value: T): void {
    this.unanswered.push(value);
  }
}

export class Ledger {
  readonly counts = Object.fromEntries(
    KINDS.map((kind) => [kind, { attempted: 0, acknowledged: 0, refused: 0, unanswered: 0, checked: 0 }]),
  ) as Record<Kind, Counts>;
  /** Acknowledged messages: text → customer id. */
  readonly messages = new Map<string, number>();
  readonly refusedMessages = new Map<string, number>();
  /** Acknowledged links: label → { customer id, link id }. */
  readonly links = new Map<string, { customerId: number; id: number }>();
  readonly refusedLinks = new Map<string, number>();
  readonly bios = new Map<number, LatestValue<number>>();
  /** Profile photo public paths; an unanswered upload's path is unknown (`null`). */
  readonly photos = new Map<number, LatestValue<string | null>>();
  readonly orders = new Map<number, LatestValue<number[]>>();
  /** Answers no write should get (5xx, a 4xx where none is expected): each one is a finding. */
  readonly unexpected: string[] = [];
  /** Acknowledged writes verified at least once, by kind and key. */
  private readonly verified = new Set<string>();
  private bioCounter = 0;
  private messageCounter = 0;
  private linkCounter = 0;

  constructor(customerIds: number[]) {
    for (const id of customerIds) {
      this.bios.set(id, new LatestValue());
      this.photos.set(id, new LatestValue());
      this.orders.set(id, new LatestValue());
    }
  }

  nextBio(): number {
    return ++this.bioCounter;
  }

  nextMessage(): number {
    return ++this.messageCounter;
  }

  nextLink(): number {
    return ++this.linkCounter;
  }

  latest<T>(map: Map<number, LatestValue<T>>, customerId: number): LatestValue<T> {
    const found = map.get(customerId);
    if (!found) throw new Error(`no ledger for customer ${customerId}`);
    return found;
  }

  /** Counts an acknowledged write as checked the first time it is verified. */
  markChecked(kind: Kind, key: string): void {
    const id = `${kind}:${key}`;
    if (this.verified.has(id)) return;
    this.verified.add(id);
    this.counts[kind].checked += 1;
  }

  total(field: keyof Counts): number {
    return KINDS.reduce((sum, kind) => sum + this.counts[kind][field], 0);
  }
}
