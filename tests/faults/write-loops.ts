/**
 * Concurrent writes against a running server while its database comes and goes: visitors'
 * messages and page views, and each owner's link additions and bio edits, each in its own loop
 * until stop(). Every answer is booked: acknowledged (the write must be stored), refused with
 * the Turkish 503 (nothing promised), or unexpected (anything else, a dropped connection included).
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  clientAddress,
  formBody,
  isOkJson,
  NoAnswerError,
  rawRequest,
  type RawRequest,
  type RawResponse,
} from '../helpers/raw-http.js';

export interface Target {
  id: number;
  slug: string;
  token: string;
  /** A signed `form_started` stamp, at least 2 s old when used. */
  stamp: string;
}

export type Kind = 'message' | 'link' | 'bio' | 'view';
const KINDS: readonly Kind[] = ['message', 'link', 'bio', 'view'];

/** The Turkish text of the 503 page and JSON (src/middleware/error-handler.ts). */
export const UNAVAILABLE_TEXT = 'Hizmet geçici olarak kullanılamıyor';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

export class WriteLoops {
  readonly counts = Object.fromEntries(KINDS.map((k) => [k, { attempted: 0, acknowledged: 0, refused: 0 }])) as Record<
    Kind,
    { attempted: number; acknowledged: number; refused: number }
  >;
  /** Acknowledged messages: text → customer id. */
  readonly messages = new Map<string, number>();
  /** Acknowledged links: id → { customer id, label }. */
  readonly links = new Map<number, { customerId: number; label: string }>();
  /** Per customer: the highest acknowledged bio counter (bios only grow within a loop). */
  readonly lastBio = new Map<number, number>();
  readonly unexpected: string[] = [];
  /** How long each 503 took to come back (ms). */
  readonly refusalMs: number[] = [];
  /** When each acknowledgement came (performance.now()). */
  readonly ackTimes: number[] = [];
  private stopped = false;
  private counter = 0;
  private address = 0;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

  constructor(
    private readonly url: string,
    private readonly customers: Target[],
  ) {}

  /** Starts every loop; resolves when all of them have ended after stop(). */
  async run(): Promise<void> {
    const loops = this.customers.flatMap((c) => [
      this.messageLoop(c),
      this.messageLoop(c),
      this.linkLoop(c),
      this.bioLoop(c),
      this.viewLoop(c),
    ]);
    await Promise.all(loops);
    this.agent.destroy();
  }

  stop(): void {
    this.stopped = true;
  }

  total(key: 'attempted' | 'acknowledged' | 'refused'): number {
    return KINDS.filter((k) => k !== 'view').reduce((sum, k) => sum + this.counts[k][key], 0);
  }

  /** Sends one request; true when acknowledged. A 503 must carry the Turkish text. */
  private async send(
    kind: Kind,
    path: string,
    request: RawRequest,
    ok: (res: RawResponse) => boolean,
  ): Promise<RawResponse | null> {
    const started = performance.now();
    const counts = this.counts[kind];
    counts.attempted += 1;
    let res: RawResponse;
    try {
      res = await rawRequest(`${this.url}${path}`, { ...request, agent: this.agent, timeoutMs: 20_000 });
    } catch (err) {
      if (!(err instanceof NoAnswerError)) throw err;
      this.unexpected.push(`${kind} ${path}: ${err.message}`);
      await sleep(100);
      return null;
    }
    if (ok(res)) {
      counts.acknowledged += 1;
      this.ackTimes.push(performance.now());
      return res;
    }
    counts.refused += 1;
    if (res.status === 503 && res.text.includes(UNAVAILABLE_TEXT)) {
      this.refusalMs.push(performance.now() - started);
      await sleep(50);
    } else {
      this.unexpected.push(`${kind} ${path} answered ${res.status}: ${res.text.slice(0, 200)}`);
    }
    return null;
  }

  private async messageLoop(customer: Target): Promise<void> {
    while (!this.stopped) {
      const text = `Arıza testi mesajı ${(this.counter += 1)} → ${customer.slug}`;
      const form = formBody({ form_started: customer.stamp, alan_bos: '', message: text });
      const headers = { ...form.headers, 'x-forwarded-for': clientAddress((this.address += 1)) };
      if (
        await this.send(
          'message',
          `/${customer.slug}/messages`,
          { headers, body: form.body },
          (res) => res.status === 303,
        )
      ) {
        this.messages.set(text, customer.id);
      }
    }
  }

  private async linkLoop(customer: Target): Promise<void> {
    while (!this.stopped) {
      const n = (this.counter += 1);
      const label = `Arıza bağlantısı ${n}`;
      const form = formBody({ platform: 'custom', url: `https://ornek.com.tr/ariza/${n}`, label, icon: '' });
      const res = await this.send(
        'link',
        `/edit/${customer.token}/links`,
        { headers: { ...form.headers, accept: 'application/json' }, body: form.body },
        isOkJson,
      );
      if (res) this.links.set((JSON.parse(res.text) as { id: number }).id, { customerId: customer.id, label });
      await sleep(30);
    }
  }

  private async bioLoop(customer: Target): Promise<void> {
    while (!this.stopped) {
      const n = (this.counter += 1);
      const form = formBody({ bio: `Arıza testi biyografisi #${n}` });
      if (await this.send('bio', `/edit/${customer.token}/profile`, form, (res) => res.status === 303))
        this.lastBio.set(customer.id, n);
    }
  }

  /** Public page loads as a browser makes them: each 200 is a view the server must record. */
  private async viewLoop(customer: Target): Promise<void> {
    while (!this.stopped) {
      await this.send(
        'view',
        `/${customer.slug}`,
        { headers: { 'user-agent': BROWSER, 'x-forwarded-for': clientAddress((this.address += 1)) } },
        (res) => res.status === 200,
      );
      await sleep(20);
    }
  }
}
