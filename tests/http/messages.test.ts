import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { translatorFor } from '../../src/i18n/translator.js';
import { MESSAGES_PER_WINDOW } from '../../src/middleware/message-throttle.js';
import { FORM_STAMP_LIFETIME_MS } from '../../src/services/form-timer.js';
import { VIEW_PERIOD_MS } from '../../src/services/view-allowance.js';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';

let t: TestApp;
let now: number;
let customer: { id: number; slug: string; editToken: string };
beforeEach(async () => {
  now = Date.UTC(2026, 10, 21, 9, 0, 0);
  t = await createTestApp({ clock: () => new Date(now) });
  customer = await createCustomer(t, await signIn(t.app), 'Ayşe', 'Kaya');
});
afterEach(() => t.close());

/** The signed form stamp of the page as a visitor loaded it, then a few seconds of typing. */
async function openForm(): Promise<string> {
  const page = await request(t.app).get(`/${customer.slug}`).expect(200);
  const stamp = /name="form_started" value="([^"]+)"/.exec(page.text)?.[1];
  if (!stamp) throw new Error('no form stamp');
  now += 5000;
  return stamp;
}

async function stored(): Promise<string[]> {
  const rows = await t.db('anonymous_messages').where({ customer_id: customer.id }).orderBy('id');
  return rows.map((row) => String(row.message));
}

describe('POST /{slug}/messages', () => {
  it('stores the message and answers 303 to the confirmation', async () => {
    const stamp = await openForm();
    await request(t.app)
      .post(`/${customer.slug}/messages`)
      .type('form')
      .send({ message: '  Kahveniz çok güzel,\r\nteşekkürler!  ', form_started: stamp })
      .expect(303)
      .expect('Location', `/${customer.slug}?sent=1#mesaj`);
    expect(await stored()).toEqual(['Kahveniz çok güzel,\nteşekkürler!']);
    const row = await t.db('anonymous_messages').first();
    expect(Number(row.created_at)).toBe(now);
    const page = await request(t.app).get(`/${customer.slug}?sent=1`).expect(200);
    expect(page.text).toContain('Mesajınız gönderildi');
  });

  it('answers JSON to the script', async () => {
    const stamp = await openForm();
    const res = await request(t.app)
      .post(`/${customer.slug}/messages`)
      .set('Accept', 'application/json')
      .type('form')
      .send({ message: 'Merhaba', form_started: stamp })
      .expect(201);
    expect(res.body).toEqual({ ok: true, message: 'Mesajınız gönderildi' });
  });

  it.each([
    ['', 'Lütfen bir mesaj yazın.'],
    ['   \n\t ', 'Lütfen bir mesaj yazın.'],
    ['ş'.repeat(501), 'Mesaj en fazla 500 karakter olabilir.'],
  ])('refuses %j with 422 and keeps what was typed', async (message, error) => {
    const stamp = await openForm();
    const res = await request(t.app)
      .post(`/${customer.slug}/messages`)
      .type('form')
      .send({ message, form_started: stamp })
      .expect(422);
    expect(res.text).toContain(error);
    if (message.trim()) expect(res.text).toContain(message);
    expect(await stored()).toEqual([]);
  });

  it('accepts exactly 500 characters, counted as a person counts them', async () => {
    const stamp = await openForm();
    const message = '😀'.repeat(250) + 'ğ'.repeat(250);
    await request(t.app)
      .post(`/${customer.slug}/messages`)
      .type('form')
      .send({ message, form_started: stamp })
      .expect(303);
    expect(await stored()).toEqual([message]);
  });

  it('escapes a message shown back after a refusal', async () => {
    const stamp = await openForm();
    const res = await request(t.app)
      .post(`/${customer.slug}/messages`)
      .type('form')
      .send({ message: `</textarea><script>alert(1)</script>${'x'.repeat(500)}`, form_started: stamp })
      .expect(422);
    expect(res.text).not.toContain('<script>alert(1)</script>');
    expect(res.text).toContain('&lt;/textarea&gt;&lt;script&gt;');
  });

  it('refuses a message sent within two seconds of loading the form', async () => {
    const page = await request(t.app).get(`/${customer.slug}`);
    const stamp = /name="form_started" value="([^"]+)"/.exec(page.text)?.[1];
    now += 500;
    const res = await request(t.app)
      .post(`/${customer.slug}/messages`)
      .type('form')
      .send({ message: 'Hızlı bot', form_started: stamp })
      .expect(422);
    expect(res.text).toContain('Lütfen birkaç saniye sonra tekrar deneyin.');
    expect(res.text).toContain('Hızlı bot');
    expect(await stored()).toEqual([]);
  });

  it('keeps the first stamp in a form refused for its text, so a quick fix is not told to wait', async () => {
    const stamp = await openForm();
    const refused = await request(t.app)
      .post(`/${customer.slug}/messages`)
      .type('form')
      .send({ message: '   ', form_started: stamp })
      .expect(422);
    const again = /name="form_started" value="([^"]+)"/.exec(refused.text)?.[1];
    expect(again).toBe(stamp);
    now += 500;
    await request(t.app)
      .post(`/${customer.slug}/messages`)
      .type('form')
      .send({ message: 'Düzelttim', form_started: again })
      .expect(303);
    expect(await stored()).toEqual(['Düzelttim']);
  });

  it(
    'refuses a form stamp older than a day, keeping the ' + 'text, and the page it brings back has a fresh one',
    async () => {
      const stamp = await openForm();
      await request(t.app)
        .post(`/${customer.slug}/messages`)
        .type('form')
        .send({ message: 'Dün yazdım', form_started: stamp })
        .expect(303);
      now += FORM_STAMP_LIFETIME_MS + 1;
      const res = await request(t.app)
        .post(`/${customer.slug}/messages`)
        .type('form')
        .send({ message: 'Dünden kalan sayfa', form_started: stamp })
        .expect(422);
      expect(res.text).toContain(translatorFor('tr').t('forms.message.stale'));
      expect(res.text).toContain('Dünden kalan sayfa');
      const fresh = /name="form_started" value="([^"]+)"/.exec(res.text)?.[1];
      expect(fresh).not.toBe(stamp);
      now += 5000;
      await request(t.app)
        .post(`/${customer.slug}/messages`)
        .type('form')
        .send({ message: 'Dünden kalan sayfa', form_started: fresh })
        .expect(303);
      expect(await stored()).toEqual(['Dün yazdım', 'Dünden kalan sayfa']);
    },
  );

  it.each([undefined, '', '123.abc', `${Date.UTC(2026, 0, 1)}.AAAAAAAAAAAAAAAAAAAAAA`])(
    'refuses a missing or forged form stamp %j',
    async (stamp) => {
      const res = await request(t.app)
        .post(`/${customer.slug}/messages`)
        .type('form')
        .send({ message: 'Merhaba', form_started: stamp })
        .expect(422);
      expect(res.text).toContain('Mesaj gönderilemedi');
      expect(await stored()).toEqual([]);
    },
  );

  it('drops what a bot put in the hidden field, answering like a success', async () => {
    const stamp = await openForm();
    await request(t.app)
      .post(`/${customer.slug}/messages`)
      .type('form')
      .send({ message: 'Ucuz ilaç', alan_bos: 'http://spam.example', form_started: stamp })
      .expect(303);
    expect(await stored()).toEqual([]);
  });

  it(
    `limits one address to ${MESSAGES_PER_WINDOW} messages ` + `per profile in ten minutes, with 429 and the text kept`,
    async () => {
      const stamp = await openForm();
      for (let i = 0; i < MESSAGES_PER_WINDOW; i += 1) {
        await request(t.app)
          .post(`/${customer.slug}/messages`)
          .type('form')
          .send({ message: `Mesaj ${i}`, form_started: stamp })
          .expect(303);
      }
      const res = await request(t.app)
        .post(`/${customer.slug}/messages`)
        .type('form')
        .send({ message: 'Bir tane daha', form_started: stamp })
        .expect(429);
      expect(res.text).toContain('Çok fazla mesaj gönderildi');
      expect(res.text).toContain('Bir tane daha');
      expect(await stored()).toHaveLength(MESSAGES_PER_WINDOW);
      // The address is not written anywhere in clear.
      const keys = (await t.db('rate_limits').select('key')).map((row) => String(row.key));
      expect(keys.join(' ')).not.toContain('127.0.0.1');
      expect(keys.join(' ')).not.toContain('::ffff');
      now += 10 * 60_000 + 1;
      await request(t.app)
        .post(`/${customer.slug}/messages`)
        .type('form')
        .send({ message: 'Sonra', form_started: stamp })
        .expect(303);
    },
  );

  it('counts accepted messages only: refused attempts on a shared address never block a valid message', async () => {
    const stamp = await openForm();
    // A café's guests behind one address: empty, too long, forged-stamp and too-fast attempts, more than the limit.
    for (let i = 0; i < MESSAGES_PER_WINDOW + 10; i += 1) {
      const bad = [
        { message: '', form_started: stamp },
        { message: 'ş'.repeat(501), form_started: stamp },
        { message: 'x', form_started: 'sahte' },
      ][i % 3];
      await request(t.app).post(`/${customer.slug}/messages`).type('form').send(bad).expect(422);
    }
    await request(t.app)
      .post(`/${customer.slug}/messages`)
      .type('form')
      .send({ message: 'Çay çok güzeldi', form_started: stamp })
      .expect(303);
    expect(await stored()).toEqual(['Çay çok güzeldi']);
  });

  it('still limits accepted messages after refused ones, and a 429 does not use up the budget', async () => {
    const stamp = await openForm();
    for (let i = 0; i < 10; i += 1) {
      await request(t.app)
        .post(`/${customer.slug}/messages`)
        .type('form')
        .send({ message: '', form_started: stamp })
        .expect(422);
    }
    for (let i = 0; i < MESSAGES_PER_WINDOW; i += 1) {
      await request(t.app)
        .post(`/${customer.slug}/messages`)
        .type('form')
        .send({ message: `Mesaj ${i}`, form_started: stamp })
        .expect(303);
    }
    await request(t.app)
      .post(`/${customer.slug}/messages`)
      .type('form')
      .send({ message: 'Fazla', form_started: stamp })
      .expect(429);
    await request(t.app)
      .post(`/${customer.slug}/messages`)
      .type('form')
      .send({ message: 'Yine fazla', form_started: stamp })
      .expect(429);
    expect(await stored()).toHaveLength(MESSAGES_PER_WINDOW);
    // Another profile on the same address has its own budget.
    const other = await createCustomer(t, await signIn(t.app), 'Başka', 'Kafe');
    const page = await request(t.app).get(`/${other.slug}`).expect(200);
    const otherStamp = /name="form_started" value="([^"]+)"/.exec(page.text)?.[1];
    now += 5000;
    await request(t.app)
      .post(`/${other.slug}/messages`)
      .type('form')
      .send({ message: 'Merhaba', form_started: otherStamp })
      .expect(303);
  });

  it('refuses a post from another site with 403', async () => {
    const stamp = await openForm();
    await request(t.app)
      .post(`/${customer.slug}/messages`)
      .set('Origin', 'https://kotu.example')
      .type('form')
      .send({ message: 'x', form_started: stamp })
      .expect(403);
    await request(t.app)
      .post(`/${customer.slug}/messages`)
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send({ message: 'x', form_started: stamp })
      .expect(403);
    await request(t.app)
      .post(`/${customer.slug}/messages`)
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send({ message: 'ok', form_started: stamp })
      .expect(303);
    expect(await stored()).toEqual(['ok']);
  });

  it('answers 404 for an unknown profile and 403 for an inactive one, storing nothing', async () => {
    const stamp = await openForm();
    await request(t.app).post('/yok/messages').type('form').send({ message: 'x', form_started: stamp }).expect(404);
    await t.db('customers').where({ id: customer.id }).update({ is_active: false });
    await request(t.app)
      .post(`/${customer.slug}/messages`)
      .type('form')
      .send({ message: 'x', form_started: stamp })
      .expect(403);
    expect(await t.db('anonymous_messages').count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it('refuses a body over 64 KB with 413', async () => {
    const stamp = await openForm();
    await request(t.app)
      .post(`/${customer.slug}/messages`)
      .type('form')
      .send({ message: 'x'.repeat(70_000), form_started: stamp })
      .expect(413);
  });
});

describe('profile views', () => {
  const browser =
    'Mozilla/5.0 (Linux; Android 13; SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile ' +
    'Safari/537.36';

  async function views(): Promise<number[]> {
    await t.services.views.flush();
    return (await t.db('profile_views').where({ customer_id: customer.id }).orderBy('id')).map((row) =>
      Number(row.viewed_at),
    );
  }

  it('records one view per page load by a person, with the time and nothing else', async () => {
    await request(t.app).get(`/${customer.slug}`).set('User-Agent', browser).expect(200);
    now += 1000;
    await request(t.app).get(`/${customer.slug}?sent=1`).set('User-Agent', browser).expect(200);
    expect(await views()).toEqual([now - 1000, now]);
    expect(Object.keys(await t.db('profile_views').first())).toEqual(['id', 'customer_id', 'viewed_at']);
  });

  it.each([
    ['a HEAD request', (r: request.Test) => r],
    ['a prefetch', (r: request.Test) => r.set('Sec-Purpose', 'prefetch')],
    ['a prerender', (r: request.Test) => r.set('Sec-Purpose', 'prefetch;prerender')],
    ['an old-style prefetch', (r: request.Test) => r.set('Purpose', 'prefetch')],
    ["WhatsApp's link preview", (r: request.Test) => r.set('User-Agent', 'WhatsApp/2.23.20.0 A')],
    [
      'Googlebot',
      (r: request.Test) =>
        r.set('User-Agent', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'),
    ],
    [
      'facebookexternalhit',
      (r: request.Test) =>
        r.set('User-Agent', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'),
    ],
    ['curl', (r: request.Test) => r.set('User-Agent', 'curl/8.4.0')],
    ['no user agent', (r: request.Test) => r.set('User-Agent', '')],
  ])('does not count %s', async (name, shape) => {
    const agent = request(t.app);
    const req =
      name === 'a HEAD request'
        ? agent.head(`/${customer.slug}`).set('User-Agent', browser)
        : agent.get(`/${customer.slug}`).set('User-Agent', browser);
    await shape(req).expect(200);
    expect(await views()).toEqual([]);
  });

  it('does not count a 404 or an inactive profile', async () => {
    await request(t.app).get('/yok').set('User-Agent', browser).expect(404);
    await t.db('customers').where({ id: customer.id }).update({ is_active: false });
    await request(t.app).get(`/${customer.slug}`).set('User-Agent', browser).expect(403);
    expect(await views()).toEqual([]);
  });

  it('writes every queued view on stop (graceful shutdown)', async () => {
    // One load a period: each counts (src/services/view-allowance.ts).
    for (let i = 0; i < 25; i += 1) {
      await request(t.app).get(`/${customer.slug}`).set('User-Agent', browser).expect(200);
      now += VIEW_PERIOD_MS;
    }
    await t.services.views.stop();
    expect(await t.db('profile_views').count({ n: '*' }).first()).toMatchObject({ n: 25 });
  });
});
