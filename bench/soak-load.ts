/**
 * The soak's mixed load: visitors reading pages and sending messages, owners editing (bio, links,
 * order, photo) and reading statistics, the administrator listing customers. Each worker picks
 * one action at a time until the deadline; every answer is tallied by kind.
 */
import http from 'node:http';
import {
  clientAddress,
  formBody,
  isOkJson,
  multipartBody,
  NoAnswerError,
  rawRequest,
  type RawRequest,
} from '../tests/helpers/raw-http.js';
import type { AdminSession, RealCustomer } from '../tests/helpers/real-admin.js';

export interface SoakCustomer extends RealCustomer {
  stamp: string;
  /** Link ids in their stored order, as this process made them. */
  links: number[];
  /** True while a link change of this customer is in flight (they are done one at a time). */
  linkBusy: boolean;
}

export interface Tally {
  requests: number;
  errors: number;
  throttled: number;
}

export type ActionKind = 'page' | 'message' | 'bio' | 'links' | 'photo' | 'stats' | 'admin';

/** Share of each action in the mix, out of 100. */
const MIX: ReadonlyArray<[ActionKind, number]> = [
  ['page', 50],
  ['message', 10],
  ['bio', 8],
  ['links', 8],
  ['photo', 2],
  ['stats', 12],
  ['admin', 10],
];
const MAX_LINKS = 12;
/** A phone's browser: counted as a visit (a bot is not). */
const VISITOR = {
  'user-agent':
    'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile ' +
    'Safari/537.36',
  accept: 'text/html',
};
const JSON_ACCEPT = { accept: 'application/json' };

export class SoakLoad {
  readonly tallies = new Map<ActionKind, Tally>(MIX.map(([kind]) => [kind, { requests: 0, errors: 0, throttled: 0 }]));
  /** The first few distinct errors, for the summary. */
  readonly errorSamples: string[] = [];
  private readonly agent: http.Agent;
  private counter = 0;

  constructor(
    private readonly url: string,
    private readonly customers: SoakCustomer[],
    private readonly admin: AdminSession,
    private readonly photo: Buffer,
    workers: number,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: workers });
  }

  /** Runs `workers` loops until `deadline` (a Date.now() value). */
  async run(workers: number, deadline: number): Promise<void> {
    await Promise.all(Array.from({ length: workers }, () => this.worker(deadline)));
    this.agent.destroy();
  }

  total(field: keyof Tally): number {
    return [...this.tallies.values()].reduce((sum, t) => sum + t[field], 0);
  }

  private async worker(deadline: number): Promise<void> {
    while (Date.now() < deadline) await this.act(this.pickAction());
  }

  private pickAction(): ActionKind {
    let roll = Math.random() * 100;
    for (const [kind, share] of MIX) {
      roll -= share;
      if (roll < 0) return kind;
    }
    return 'page';
  }

  private customer(): SoakCustomer {
    return this.customers[Math.floor(Math.random() * this.customers.length)]!;
  }

  /** Sends one request and tallies it: 2xx/3xx fine, 429 throttled, anything else an error. */
  private async send(
    kind: ActionKind,
    path: string,
    request: RawRequest = {},
    ok: (status: number, text: string) => boolean = () => true,
  ): Promise<string | null> {
    const tally = this.tallies.get(kind)!;
    tally.requests += 1;
    try {
      const res = await rawRequest(`${this.url}${path}`, { ...request, agent: this.agent, timeoutMs: 30_000 });
      if (res.status === 429) {
        tally.throttled += 1;
        return null;
      }
      if (res.status >= 200 && res.status < 400 && ok(res.status, res.text)) return res.text;
      this.error(
        tally,
        `${kind} ${path.replace(/\/edit\/[^/]+/, '/edit/…')} ` +
          `→ ${res.status} ${res.text.slice(0, 120).replace(/\s+/g, ' ')}`,
      );
    } catch (err) {
      if (!(err instanceof NoAnswerError)) throw err;
      this.error(tally, `${kind} ${path.replace(/\/edit\/[^/]+/, '/edit/…')} → ${err.message}`);
    }
    return null;
  }

  private error(tally: Tally, text: string): void {
    tally.errors += 1;
    if (this.errorSamples.length < 10 && !this.errorSamples.includes(text)) this.errorSamples.push(text);
  }

  private async act(kind: ActionKind): Promise<void> {
    const c = this.customer();
    const n = ++this.counter;
    switch (kind) {
      case 'page':
        await this.send(kind, `/${c.slug}`, { headers: VISITOR });
        return;
      case 'message': {
        const form = formBody({ form_started: c.stamp, alan_bos: '', message: `Dayanıklılık testi mesajı ${n}` });
        await this.send(
          kind,
          `/${c.slug}/messages`,
          { headers: { ...form.headers, 'x-forwarded-for': clientAddress(n) }, body: form.body },
          (s) => s === 303,
        );
        return;
      }
      case 'bio': {
        const form = formBody({ bio: `Dayanıklılık testi biyografisi ${n}` });
        await this.send(kind, `/edit/${c.token}/profile`, form, (s) => s === 303);
        return;
      }
      case 'links':
        await this.changeLinks(c, n);
        return;
      case 'photo': {
        const file = multipartBody({}, { field: 'file', name: 'foto.jpg', type: 'image/jpeg', data: this.photo });
        await this.send(
          kind,
          `/edit/${c.token}/photo/profile`,
          { headers: { ...file.headers, ...JSON_ACCEPT }, body: file.body },
          (_s, t) => okJson(t),
        );
        return;
      }
      case 'stats':
        await this.send(kind, `/edit/${c.token}/stats?gun=${[7, 30, 90][n % 3]}`, { headers: JSON_ACCEPT });
        return;
      case 'admin':
        await this.send(kind, n % 2 ? '/admin' : `/admin?q=${encodeURIComponent(c.slug.slice(0, 3))}`, {
          headers: { cookie: this.admin.cookie, ...(n % 2 ? {} : JSON_ACCEPT) },
        });
        return;
    }
  }

  /** One link change for a customer: add one, or drop the oldest once there are many, or reorder. */
  private async changeLinks(c: SoakCustomer, n: number): Promise<void> {
    if (c.linkBusy) return this.act('bio');
    c.linkBusy = true;
    try {
      if (c.links.length >= MAX_LINKS) {
        const id = c.links[0]!;
        const empty = formBody({});
        if (
          await this.send(
            'links',
            `/edit/${c.token}/links/${id}/delete`,
            { headers: { ...empty.headers, ...JSON_ACCEPT }, body: empty.body },
            (_s, t) => okJson(t),
          )
        ) {
          c.links.shift();
        }
      } else if (n % 3 === 0 && c.links.length > 1) {
        const order = [...c.links].sort(() => Math.random() - 0.5);
        const form = formBody({ order: order.join(',') });
        if (
          await this.send(
            'links',
            `/edit/${c.token}/links/order`,
            { headers: { ...form.headers, ...JSON_ACCEPT }, body: form.body },
            (_s, t) => okJson(t),
          )
        ) {
          c.links = order;
        }
      } else {
        const form = formBody({
          platform: 'custom',
          url: `https://ornek.com.tr/dayaniklilik/${n}`,
          label: `Bağlantı ${n}`,
          icon: '',
        });
        const text = await this.send(
          'links',
          `/edit/${c.token}/links`,
          { headers: { ...form.headers, ...JSON_ACCEPT }, body: form.body },
          (_s, t) => okJson(t),
        );
        if (text) c.links.push((JSON.parse(text) as { id: number }).id);
      }
    } finally {
      c.linkBusy = false;
    }
  }
}

function okJson(text: string): boolean {
  return isOkJson({ status: 200, text });
}
