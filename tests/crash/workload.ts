/**
 * One round of concurrent writes against the running server: visitors' messages to every
 * profile, and each owner's bio edits, link additions, link reorders and photo uploads, each
 * in its own loop, until the server is killed. Every answer goes into the ledger.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import {
  formBody,
  isOkJson,
  multipartBody,
  NoAnswerError,
  rawRequest,
  type RawRequest,
  type RawResponse,
} from '../helpers/raw-http.js';
import type { Kind, Ledger } from './ledger.js';
import type { Random } from './prng.js';

export interface Target {
  id: number;
  slug: string;
  token: string;
  /** A signed `form_started` stamp from the public page, at least 2 s old by the time it is used. */
  stamp: string;
}

export interface RoundOptions {
  url: string;
  round: number;
  random: Random;
  ledger: Ledger;
  customers: Target[];
  jpegs: Buffer[];
  sqliteFile: string;
  /** Hands out a distinct client address per message, so the per-address limit never bites. */
  nextAddress: () => string;
}

/** Loops stop on their own after this many requests; the kill always comes long before. */
const MAX_REQUESTS_PER_LOOP = 2000;
const MESSAGE_LOOPS_PER_PROFILE = 2;
/** Link additions stop here per customer so that reorders stay small. */
const MAX_LINKS_PER_CUSTOMER = 60;
const JSON_HEADERS = { accept: 'application/json' };

type Answer = { outcome: 'answered'; ok: boolean; res: RawResponse } | { outcome: 'none' };

export class Round {
  private stopped = false;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  private readonly db: Database.Database;
  private linksAdded = new Map<number, number>();

  constructor(private readonly o: RoundOptions) {
    this.db = new Database(o.sqliteFile, { readonly: true, fileMustExist: true });
  }

  /** Starts every loop; resolves when all of them have ended (after stop() or the kill). */
  async run(): Promise<void> {
    const loops: Array<Promise<void>> = [];
    let salt = 0;
    for (const customer of this.o.customers) {
      for (let i = 0; i < MESSAGE_LOOPS_PER_PROFILE; i += 1) loops.push(this.messages(customer));
      loops.push(
        this.bios(customer),
        this.links(customer, this.o.random.fork(salt++)),
        this.reorders(customer, this.o.random.fork(salt++)),
      );
      loops.push(this.photos(customer, this.o.random.fork(salt++)));
    }
    await Promise.all(loops);
    this.agent.destroy();
    this.db.close();
  }

  /** No loop sends anything more; call it the moment the server is killed. */
  stop(): void {
    this.stopped = true;
  }

  private get running(): boolean {
    return !this.stopped;
  }

  /**
   * Sends one write. A refused connection never reached the server and is not counted; a
   * dropped one may have been handled. `expected` lists refusals that are no finding.
   */
  private async send(
    kind: Kind,
    path: string,
    request: RawRequest,
    ok: (res: RawResponse) => boolean,
    expected: number[] = [],
  ): Promise<Answer> {
    let res: RawResponse;
    try {
      res = await rawRequest(`${this.o.url}${path}`, { ...request, agent: this.agent, timeoutMs: 20_000 });
    } catch (err) {
      if (!(err instanceof NoAnswerError)) throw err;
      if (err.kind === 'lost') {
        this.o.ledger.counts[kind].attempted += 1;
        this.o.ledger.counts[kind].unanswered += 1;
        if (!this.stopped)
          this.o.ledger.unexpected.push(
            `round ${this.o.round}: ${kind} ${path} lost while the server ran: ${err.message}`,
          );
      }
      this.stopped ||= err.kind === 'refused';
      return { outcome: 'none' };
    }
    const counts = this.o.ledger.counts[kind];
    counts.attempted += 1;
    const accepted = ok(res);
    if (accepted) counts.acknowledged += 1;
    else counts.refused += 1;
    if (!accepted && !expected.includes(res.status)) {
      this.o.ledger.unexpected.push(
        `round ${this.o.round}: ${kind} ${path} answered ${res.status}: ${res.text.slice(0, 200)}`,
      );
    }
    return { outcome: 'answered', ok: accepted, res };
  }

  private async messages(customer: Target): Promise<void> {
    const { ledger } = this.o;
    for (let n = 0; n < MAX_REQUESTS_PER_LOOP && this.running; n += 1) {
      const text = `Kaza testi mesajı ${ledger.nextMessage()} (tur ${this.o.round}) → ${customer.slug}`;
      const form = formBody({ form_started: customer.stamp, alan_bos: '', message: text });
      const answer = await this.send(
        'message',
        `/${customer.slug}/messages`,
        {
          headers: { ...form.headers, 'x-forwarded-for': this.o.nextAddress() },
          body: form.body,
        },
        (res) => res.status === 303,
      );
      if (answer.outcome === 'none') return;
      (answer.ok ? ledger.messages : ledger.refusedMessages).set(text, customer.id);
    }
  }

  private async bios(customer: Target): Promise<void> {
    const { ledger } = this.o;
    const latest = ledger.latest(ledger.bios, customer.id);
    for (let n = 0; n < MAX_REQUESTS_PER_LOOP && this.running; n += 1) {
      const counter = ledger.nextBio();
      const form = formBody({ bio: `Kaza testi biyografisi #${counter} (tur ${this.o.round})` });
      const answer = await this.send(
        'bio',
        `/edit/${customer.token}/profile`,
        { ...form },
        (res) => res.status === 303,
      );
      if (answer.outcome === 'none') {
        latest.lose(counter);
        return;
      }
      if (answer.ok) latest.ack(counter);
    }
  }

  private async links(customer: Target, random: Random): Promise<void> {
    const { ledger } = this.o;
    for (let n = 0; n < MAX_REQUESTS_PER_LOOP && this.running; n += 1) {
      const added = this.linksAdded.get(customer.id) ?? this.countLinks(customer.id);
      if (added >= MAX_LINKS_PER_CUSTOMER) return;
      this.linksAdded.set(customer.id, added + 1);
      const counter = ledger.nextLink();
      const label = `Kaza bağlantısı ${counter}`;
      const form = formBody({ platform: 'custom', url: `https://ornek.com.tr/kaza/${counter}`, label, icon: '' });
      const answer = await this.send(
        'link',
        `/edit/${customer.token}/links`,
        { headers: { ...form.headers, ...JSON_HEADERS }, body: form.body },
        isOkJson,
      );
      if (answer.outcome === 'none') return;
      if (answer.ok)
        ledger.links.set(label, { customerId: customer.id, id: (JSON.parse(answer.res.text) as { id: number }).id });
      else ledger.refusedLinks.set(label, customer.id);
      await sleep(random.int(20, 150));
    }
  }

  private async reorders(customer: Target, random: Random): Promise<void> {
    const latest = this.o.ledger.latest(this.o.ledger.orders, customer.id);
    for (let n = 0; n < MAX_REQUESTS_PER_LOOP && this.running; n += 1) {
      const ids = this.linkIds(customer.id);
      if (ids.length < 2) {
        await sleep(50);
        continue;
      }
      const order = random.shuffle(ids);
      const form = formBody({ order: order.join(',') });
      // 422: a link was added between our read and the reorder; the order no longer names every link.
      const answer = await this.send(
        'reorder',
        `/edit/${customer.token}/links/order`,
        { headers: { ...form.headers, ...JSON_HEADERS }, body: form.body },
        isOkJson,
        [422],
      );
      if (answer.outcome === 'none') {
        latest.lose(order);
        return;
      }
      if (answer.ok) latest.ack(order);
      await sleep(random.int(10, 80));
    }
  }

  private async photos(customer: Target, random: Random): Promise<void> {
    const latest = this.o.ledger.latest(this.o.ledger.photos, customer.id);
    for (let n = 0; n < MAX_REQUESTS_PER_LOOP && this.running; n += 1) {
      const file = multipartBody(
        {},
        { field: 'file', name: 'foto.jpg', type: 'image/jpeg', data: random.pick(this.o.jpegs) },
      );
      const answer = await this.send(
        'photo',
        `/edit/${customer.token}/photo/profile`,
        { headers: { ...file.headers, ...JSON_HEADERS }, body: file.body },
        isOkJson,
      );
      if (answer.outcome === 'none') {
        latest.lose(null);
        return;
      }
      if (answer.ok) latest.ack((JSON.parse(answer.res.text) as { url: string }).url);
    }
  }

  /** The customer's link ids in their stored order, read from the database (read-only). */
  private linkIds(customerId: number): number[] {
    return this.db
      .prepare<[number], { id: number }>('select id from social_links where customer_id = ? order by order_index, id')
      .all(customerId)
      .map((row) => row.id);
  }

  private countLinks(customerId: number): number {
    return this.linkIds(customerId).length;
  }
}
