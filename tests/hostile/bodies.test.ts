/**
 * Hostile request bodies and query strings (issue 23, "No request may take the process past
 * its heap"), against the real server with `npm start`'s V8 flags: after each case the same
 * process is running and /healthz was answered within 100 ms while the case ran.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, asAdmin, expectPageAnswer, hostileCase, shown } from './hostile-case.js';
import { startHostileServer, type HostileServer } from './production-server.js';
import { NoAnswerError, type RawResponse } from '../helpers/raw-http.js';

const MB = 1024 * 1024;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const JSON_BODY = { 'content-type': 'application/json', accept: 'application/json' };

let h: HostileServer;
beforeAll(async () => {
  h = await startHostileServer('bodies');
});
afterAll(async () => {
  await h?.close();
});

/** A JSON document nested `depth` levels deep, `{"a":{"a":...}}`. */
function nestedJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** `a[b][b]...[b]=1`: a qs-style nested parameter `depth` levels deep. */
/**
 * The answer, or null when the server refused without reading the body and closed the connection
 * while the body was still being sent (EPIPE or a reset on our side): which of the two the client
 * sees first is a race. The case still checks that the process lives and /healthz answers.
 */
async function refusedUnread(request: Promise<RawResponse>): Promise<RawResponse | null> {
  try {
    return await request;
  } catch (err) {
    const code = ((err as Error).cause as NodeJS.ErrnoException | undefined)?.code;
    if (err instanceof NoAnswerError && err.kind === 'lost' && (code === 'EPIPE' || code === 'ECONNRESET')) return null;
    throw err;
  }
}

function nestedParam(depth: number): string {
  return `a${'[b]'.repeat(depth)}=1`;
}

/**
 * Opens `connections` requests that send their body one small piece every `everyMs` and never
 * finish within `forMs`; resolves once they are all dropped again.
 */
async function trickle(port: number, target: string, connections: number, forMs: number, everyMs = 100): Promise<void> {
  const requests = Array.from({ length: connections }, () => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: target,
      headers: { ...FORM, 'content-length': String(10 * MB) },
      agent: false,
    });
    req.on('error', () => {});
    req.write('message=');
    return req;
  });
  const timer = setInterval(() => {
    for (const req of requests) req.write('a'.repeat(64));
  }, everyMs);
  await sleep(forMs);
  clearInterval(timer);
  for (const req of requests) req.destroy();
}

describe('hostile bodies', () => {
  const owner = () => `/edit/${h.customer.token}`;

  it('a 20 MB url-encoded body to an owner form', async () => {
    const body = `bio=${'a'.repeat(20 * MB)}`;
    const res = await hostileCase(h, 'owner-form-20mb', () =>
      anonymous(h, `${owner()}/profile`, { headers: FORM, body }),
    );
    expectPageAnswer(res, [413], /büyük/);
  });

  it("a 20 MB url-encoded body to a visitor's message form", async () => {
    const body = `message=${'a'.repeat(20 * MB)}`;
    const res = await hostileCase(h, 'message-form-20mb', () =>
      anonymous(h, `/${h.customer.slug}/messages`, { headers: FORM, body }),
    );
    expectPageAnswer(res, [413], /büyük/);
  });

  it('a 20 MB url-encoded body to the sign-in form', async () => {
    const body = `email=${'a'.repeat(20 * MB)}`;
    const res = await hostileCase(h, 'login-form-20mb', () => anonymous(h, '/login', { headers: FORM, body }));
    expect(res.status).toBe(413);
  });

  it('a 24 MB JSON body, deeply nested, to an owner form and an admin form', async () => {
    const body = nestedJson(4 * MB);
    await hostileCase(h, 'json-24mb-nested', async () => {
      for (const res of [
        await refusedUnread(anonymous(h, `${owner()}/links`, { headers: JSON_BODY, body })),
        await refusedUnread(asAdmin(h, '/admin/customers', { headers: JSON_BODY, body })),
      ]) {
        if (!res) continue;
        expect(res.status, shown(res)).toBeGreaterThanOrEqual(400);
        expect(res.status, shown(res)).toBeLessThan(500);
      }
    });
  });

  it('deeply nested form parameters, in the body and in the query', async () => {
    await hostileCase(h, 'nested-params', async () => {
      const inBody = await anonymous(h, `${owner()}/profile`, { headers: FORM, body: nestedParam(8000) });
      expect(inBody.status, shown(inBody)).toBeLessThan(500);
      const inQuery = await asAdmin(h, `/admin?${nestedParam(3000)}`);
      expect(inQuery.status, shown(inQuery)).toBeLessThan(500);
      const printQuery = await asAdmin(h, `/admin/print.pdf?${nestedParam(3000).replace(/^a/, 'ids')}`);
      expectPageAnswer(printQuery, [400]);
    });
  });

  it('many form fields, in the body and in the query', async () => {
    await hostileCase(h, 'many-fields', async () => {
      const inBody = await anonymous(h, `${owner()}/profile`, { headers: FORM, body: 'a=&'.repeat(10_000) });
      expectPageAnswer(inBody, [413]);
      const message = await anonymous(h, `/${h.customer.slug}/messages`, { headers: FORM, body: 'a=&'.repeat(20_000) });
      expectPageAnswer(message, [413]);
      const inQuery = await asAdmin(h, `/admin/customers.csv?${'ids=1&'.repeat(2_500)}`);
      expect(inQuery.status).toBeLessThan(500);
    });
  });

  it('50 bodies trickled a few bytes at a time', async () => {
    const port = Number(new URL(h.server.url).port);
    await hostileCase(h, 'trickled-bodies', async () => {
      await Promise.all([
        trickle(port, `/${h.customer.slug}/messages`, 25, 3_000),
        trickle(port, `${owner()}/profile`, 25, 3_000),
      ]);
    });
  });
});
