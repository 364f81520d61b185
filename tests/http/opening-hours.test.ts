/**
 * Opening hours (issue 27): the owner's form at POST /edit/{token}/hours (seven weekday fields and
 * the closed dates, refused in Turkish in its dialog with everything typed kept), and the public
 * page's "Şimdi açık / Şimdi kapalı" worked out at the moment of each request in APP_TIMEZONE,
 * although the page itself is cached. The clock is the app's injected one.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwnerWorld, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { seedPriceList } from '../helpers/price-list-seed.js';

/** 2026-11-26 is a Thursday; Istanbul is UTC+3 all year. */
const at = (local: string) => Date.parse(`${local}+03:00`);

let t: TestApp;
let customer: CreatedCustomer;
let other: CreatedCustomer;
let nowMs = at('2026-11-26T10:00:00');
beforeEach(async () => {
  nowMs = at('2026-11-26T10:00:00');
  // A fixed origin: the page cache is per origin, and supertest listens on a new port each time.
  ({ t, customer, other } = await createOwnerWorld({
    env: { BASE_URL: 'https://kart.example.com', APP_TIMEZONE: 'Europe/Istanbul' },
    clock: () => new Date(nowMs),
  }));
});
afterEach(() => t.close());

const base = () => `/edit/${customer.editToken}`;
const post = (fields: Record<string, string>, token = customer.editToken) =>
  request(t.app).post(`/edit/${token}/hours`).type('form').send(fields);
const version = async (id = customer.id) => Number((await t.db('customers').where({ id }).first()).version);
const hoursRow = (id = customer.id) => t.db('opening_hours').where({ customer_id: id }).first();
const editor = async () => (await request(t.app).get(`${base()}/profile`).expect(200)).text;
const publicPage = () => request(t.app).get(`/${customer.slug}`).expect(200);
const dialogOf = (html: string) =>
  /<dialog class="modal" id="calisma-saatleri"[\s\S]*?<\/dialog>/.exec(html)?.[0] ?? '';
const fieldValue = (html: string, name: string) =>
  new RegExp(`name="${name}" type="text" value="([^"]*)"`).exec(html)?.[1];
const noteOf = (html: string, name: string) => new RegExp(`id="calisma-saatleri-${name}-not">([^<]*)<`).exec(html)?.[1];
const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&#34;').replace(/'/g, '&#39;');
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ');

const WEEK = {
  hours_1: '09:00-18:00',
  hours_2: '9-18',
  hours_3: '09.00-12.30, 13.30-19.00',
  hours_4: '09:00–18:00',
  hours_5: '09:00-18:00',
  hours_6: '10:00-14:00',
  hours_7: '',
  closed_dates: '31.12.2026\n2026-12-31\n2027-01-01',
};

describe('the owner sets the opening hours', () => {
  it('offers a section and a dialog with a field per weekday and the closed dates', async () => {
    const html = await editor();
    expect(html).toContain('<span class="placeholder">+ Çalışma saatlerinizi ekleyin</span>');
    const dialog = dialogOf(html);
    expect(dialog).toContain(`<form method="post" action="${base()}/hours">`);
    for (const [i, day] of ['Pazartesi', 'Salı', 'Çarşamba', 'Perşembe', 'Cuma', 'Cumartesi', 'Pazar'].entries()) {
      expect(dialog).toContain(`<label for="calisma-saatleri-hours_${i + 1}">${day}</label>`);
      expect(fieldValue(dialog, `hours_${i + 1}`)).toBe('');
    }
    expect(dialog).toContain('<label for="calisma-saatleri-closed_dates">Kapalı günler</label>');
    expect(dialog).toContain('name="closed_today" value="1">Bugün kapalıyız</button>');
    // No greyed "Bugün kapalıyız" in the section before there are hours: it read as the business's state.
    const section = /<section class="section card hours-editor"[\s\S]*?<\/section>/.exec(html)![0];
    expect(section).not.toContain('Bugün kapalıyız');
    expect(section).not.toContain('disabled');
  });

  it('saves the week and the dates, raises the version, and shows them back the one way they are written', async () => {
    const was = await version();
    const otherWas = await version(other.id);
    await post(WEEK).expect(303).expect('Location', `${base()}/profile?durum=saatler#calisma-saatleri-bolum`);
    expect(await version()).toBeGreaterThan(was);
    expect(await version(other.id)).toBe(otherWas);
    const row = await hoursRow();
    expect(JSON.parse(row.week)).toEqual([
      [[540, 1080]],
      [[540, 1080]],
      [
        [540, 750],
        [810, 1140],
      ],
      [[540, 1080]],
      [[540, 1080]],
      [[600, 840]],
      [],
    ]);
    expect(JSON.parse(row.closed_dates)).toEqual(['2026-12-31', '2027-01-01']);

    const html = (await request(t.app).get(`${base()}/profile?durum=saatler`).expect(200)).text;
    expect(html).toContain('Çalışma saatleri kaydedildi.');
    const dialog = dialogOf(html);
    expect(fieldValue(dialog, 'hours_2')).toBe('09:00-18:00');
    expect(fieldValue(dialog, 'hours_3')).toBe('09:00-12:30, 13:30-19:00');
    expect(fieldValue(dialog, 'hours_7')).toBe('');
    expect(dialog).toContain('>2026-12-31\n2027-01-01</textarea>');
    expect(textOf(html)).toContain('Çarşamba 09:00–12:30, 13:30–19:00');
  });

  it('saves with JavaScript asking for JSON', async () => {
    const res = await post(WEEK).set('Accept', 'application/json').expect(200);
    expect(res.body).toEqual({ ok: true, message: 'Çalışma saatleri kaydedildi.' });
  });

  const refusals: Array<[string, Record<string, string>, string, string]> = [
    ['a text that is no time', { hours_1: 'sabah dokuz' }, 'hours_1', 'Saatleri 09:00-18:00 biçiminde yazın'],
    [
      'three intervals',
      { hours_2: '08:00-09:00,10:00-11:00,12:00-13:00' },
      'hours_2',
      'Bir güne en fazla iki zaman aralığı yazılabilir.',
    ],
    [
      'an end before its start',
      { hours_3: '18:00-09:00' },
      'hours_3',
      "Kapanış saati açılıştan sonra olmalı. Gece yarısını geçen saatler (18:00-02:00 gibi) en geç 06:00'da bitebilir.",
    ],
    ['overlapping intervals', { hours_4: '09:00-13:00, 12:00-18:00' }, 'hours_4', 'Zaman aralıkları çakışıyor.'],
    [
      'a morning inside the night before',
      { hours_5: '20:00-03:00', hours_6: '02:00-10:00' },
      'hours_6',
      'Cuma gecesi süren saatlerle çakışıyor.',
    ],
    ['an overlong field', { hours_7: `${'09:00-18:00 '.repeat(5)}` }, 'hours_7', 'Bu alan çok uzun.'],
    [
      'a date that does not exist',
      { closed_dates: '2026-12-31\n30.02.2027' },
      'closed_dates',
      '"30.02.2027" bir tarih değil.',
    ],
    [
      'more than 100 dates',
      {
        closed_dates: Array.from(
          { length: 101 },
          (_, i) => `2027-${String(1 + Math.floor(i / 28)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
        ).join('\n'),
      },
      'closed_dates',
      'En fazla 100 kapalı gün yazılabilir.',
    ],
  ];

  for (const [name, fields, field, message] of refusals) {
    it(`refuses ${name} in the open dialog, keeping what was typed, saving nothing`, async () => {
      const was = await version();
      const typed = { ...WEEK, ...fields };
      const res = await post(typed).expect(422);
      const dialog = dialogOf(res.text);
      expect(dialog).toContain(' open data-autoshow');
      expect(dialog).toContain('Kaydedilmedi: işaretli alanları düzeltin.');
      expect(noteOf(dialog, field)).toContain(esc(message));
      expect(dialog).toMatch(new RegExp(`id="calisma-saatleri-${field}"[^>]*aria-invalid=true`));
      for (const [key, value] of Object.entries(typed)) {
        if (key === 'closed_dates') expect(dialog).toContain(`>${esc(value)}</textarea>`);
        else expect(fieldValue(dialog, key)).toBe(esc(value));
      }
      expect(await hoursRow()).toBeUndefined();
      expect(await version()).toBe(was);
    });
  }

  it('refuses a post without the day fields (not the form), saving nothing', async () => {
    const res = await post({ closed_dates: '2026-12-31' }).expect(422);
    expect(noteOf(dialogOf(res.text), 'hours_1')).toBe(
      'Form eksik gönderildi: her günün alanı gerekli. Lütfen sayfayı yenileyip tekrar deneyin.',
    );
    await request(t.app).post(`${base()}/hours`).expect(422);
    expect(await hoursRow()).toBeUndefined();
  });

  it('escapes what was typed where the refusal shows it, in the field and in the message', async () => {
    const payload = '"><script>alert(1)</script>';
    const res = await post({ ...WEEK, hours_2: payload, closed_dates: payload }).expect(422);
    expect(res.text).not.toContain('<script>alert(1)</script>');
    expect(fieldValue(dialogOf(res.text), 'hours_2')).toBe(esc(payload));
    expect(noteOf(dialogOf(res.text), 'closed_dates')).toContain(esc(`"${payload}" bir tarih değil.`));
  });

  it('refuses with JSON for JavaScript, the errors by field', async () => {
    const res = await post({ ...WEEK, hours_1: '25:00-26:00' })
      .set('Accept', 'application/json')
      .expect(422);
    expect(res.body.fields).toEqual({ hours_1: expect.stringContaining('09:00-18:00 biçiminde') });
  });

  it('"Bugün kapalıyız" in the dialog saves what was typed with today among the closed dates', async () => {
    await post({ ...WEEK, closed_today: '1' }).expect(303);
    expect(JSON.parse((await hoursRow()).closed_dates)).toEqual(['2026-11-26', '2026-12-31', '2027-01-01']);
  });

  it("the section's quick buttons change today alone and keep the week", async () => {
    await post(WEEK).expect(303);
    const was = await version();
    await post({ closed_today: '1' }).expect(303);
    expect(JSON.parse((await hoursRow()).closed_dates)).toEqual(['2026-11-26', '2026-12-31', '2027-01-01']);
    expect(JSON.parse((await hoursRow()).week)[0]).toEqual([[540, 1080]]);
    expect(await version()).toBeGreaterThan(was);
    const html = await editor();
    // Said in a line of text of its own, neither a button nor inside the link that opens the dialog.
    expect(html).toContain('<p class="hours-editor__closed">Bugün kapalı olarak işaretli</p>');
    expect(/<a class="editable hours-editor__link"[\s\S]*?<\/a>/.exec(html)![0]).not.toContain('Bugün kapalı');
    expect(html).toContain(
      '<input type="hidden" name="open_today" value="1"><button class="button" type="submit">Bugün açığız</button>',
    );
    await post({ open_today: '1' }).expect(303);
    expect(JSON.parse((await hoursRow()).closed_dates)).toEqual(['2026-12-31', '2027-01-01']);
  });

  it('drops closed dates more than a year old', async () => {
    await post({ ...WEEK, closed_dates: '2025-11-25\n2025-11-26\n2026-01-01' }).expect(303);
    expect(JSON.parse((await hoursRow()).closed_dates)).toEqual(['2025-11-26', '2026-01-01']);
  });

  it('refuses a wrong token (404) and a post from another site (403), saving nothing', async () => {
    await post(WEEK, 'x'.repeat(43)).expect(404);
    await post(WEEK, 'kisa').expect(404);
    await post(WEEK).set('Origin', 'https://kotu.example').expect(403);
    expect(await hoursRow()).toBeUndefined();
  });

  it("writes only the token's own customer", async () => {
    await post(WEEK, other.editToken).expect(303);
    expect(await hoursRow()).toBeUndefined();
    expect(await hoursRow(other.id)).toBeDefined();
  });

  it("goes with its customer when the administrator deletes them, another's staying", async () => {
    await post(WEEK).expect(303);
    await post(WEEK, other.editToken).expect(303);
    const admin = await signIn(t.app);
    await admin.agent
      .post(`/admin/customers/${customer.id}/delete`)
      .type('form')
      .send({ _csrf: admin.csrf })
      .expect(303);
    expect(await hoursRow()).toBeUndefined();
    expect(await hoursRow(other.id)).toBeDefined();
  });

  it('lets a passive customer set them, while visitors still get the passive page', async () => {
    await t.db('customers').where({ id: customer.id }).update({ is_active: false });
    await post(WEEK).expect(303);
    expect(await hoursRow()).toBeDefined();
    const res = await request(t.app).get(`/${customer.slug}`).expect(403);
    expect(res.text).not.toContain('Şimdi açık');
  });
});

describe('the public page says whether the shop is open now', () => {
  it('shows no hours card before any hours are set', async () => {
    expect((await publicPage()).text).not.toContain('class="section card hours"');
  });

  it("open now with its closing time, today's hours and the week in a <details>", async () => {
    await post(WEEK).expect(303);
    const html = (await publicPage()).text;
    expect(html).toContain(
      `<p class="hours__now"><strong class="hours__state hours__state--open">Şimdi açık</strong> · ` +
        `18:00${esc("'")}de kapanır</p><p class="hours__today">Bugün 09:00–18:00</p>`,
    );
    const week = /<details class="hours__week">[\s\S]*?<\/details>/.exec(html)![0];
    expect(textOf(week)).toContain('Çarşamba 09:00–12:30, 13:30–19:00');
    expect(textOf(week)).toContain('Pazar Kapalı');
    expect(html).not.toMatch(/__VIZIT_OPEN_STATE/);
  });

  it('a cached page turns from open to closed at closing time without an edit, its ETag with it', async () => {
    await post(WEEK).expect(303);
    nowMs = at('2026-11-26T17:59:30');
    const open = await publicPage();
    expect(textOf(open.text)).toContain("Şimdi açık · 18:00'de kapanır");
    // Changed behind the app's back: a page rendered again would show it, the cached one does not.
    await t.db('customer_profiles').where({ customer_id: customer.id }).update({ bio: 'Yeni biyografi' });
    const again = await publicPage();
    expect(again.text).not.toContain('Yeni biyografi');
    await request(t.app).get(`/${customer.slug}`).set('If-None-Match', open.headers.etag!).expect(304);

    nowMs = at('2026-11-26T18:00:00');
    const closed = await publicPage();
    expect(closed.text).not.toContain('Yeni biyografi');
    expect(textOf(closed.text)).toContain("Şimdi kapalı · yarın 09:00'da açılır");
    expect(textOf(closed.text)).toContain('Bugün 09:00–18:00');
    expect(closed.headers.etag).not.toBe(open.headers.etag);
    await request(t.app).get(`/${customer.slug}`).set('If-None-Match', open.headers.etag!).expect(200);

    nowMs = at('2026-11-27T00:00:00');
    expect(textOf((await publicPage()).text)).toContain("Şimdi kapalı · bugün 09:00'da açılır");
  });

  it('across midnight: a night that runs to 02:00 is open after midnight, and closed at 02:00', async () => {
    await post({ ...WEEK, hours_4: '18:00-02:00', hours_5: '' }).expect(303);
    nowMs = at('2026-11-26T23:59:00');
    expect(textOf((await publicPage()).text)).toContain("Şimdi açık · 02:00'de kapanır");
    nowMs = at('2026-11-27T01:30:00');
    const night = textOf((await publicPage()).text);
    expect(night).toContain("Şimdi açık · 02:00'de kapanır");
    expect(night).toContain('Bugün kapalı');
    nowMs = at('2026-11-27T02:00:00');
    expect(textOf((await publicPage()).text)).toContain("Şimdi kapalı · yarın 10:00'da açılır");
  });

  it('on a closed date: closed all day, with the next opening', async () => {
    await post({ ...WEEK, closed_today: '1' }).expect(303);
    const html = textOf((await publicPage()).text);
    expect(html).toContain("Şimdi kapalı · yarın 09:00'da açılır");
    expect(html).toContain('Bugün kapalı');
  });

  it('a week with no hours at all shows no card', async () => {
    await post({
      hours_1: '',
      hours_2: '',
      hours_3: '',
      hours_4: '',
      hours_5: '',
      hours_6: '',
      hours_7: '',
      closed_dates: '',
    }).expect(303);
    expect((await publicPage()).text).not.toContain('class="section card hours"');
  });

  it('a message sent (a page rendered for one response) shows the state too', async () => {
    await post(WEEK).expect(303);
    const res = await request(t.app).get(`/${customer.slug}?sent=1`).expect(200);
    expect(textOf(res.text)).toContain("Şimdi açık · 18:00'de kapanır");
  });
});

describe('JSON-LD', () => {
  const jsonLd = async () =>
    JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec((await publicPage()).text)![1]!);

  it("a business's block carries its hours and its closed dates still to come", async () => {
    await request(t.app).post(`${base()}/profile`).type('form').send({ company: 'Kaya Kafe' }).expect(303);
    await post({ ...WEEK, closed_dates: '2026-11-20\n2026-12-31' }).expect(303);
    const data = await jsonLd();
    expect(data['@type']).toBe('LocalBusiness');
    expect(data.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: [
          'https://schema.org/Monday',
          'https://schema.org/Tuesday',
          'https://schema.org/Thursday',
          'https://schema.org/Friday',
        ],
        opens: '09:00',
        closes: '18:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['https://schema.org/Wednesday'],
        opens: '09:00',
        closes: '12:30',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['https://schema.org/Wednesday'],
        opens: '13:30',
        closes: '19:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['https://schema.org/Saturday'],
        opens: '10:00',
        closes: '14:00',
      },
    ]);
    expect(data.specialOpeningHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        validFrom: '2026-12-31',
        validThrough: '2026-12-31',
        opens: '00:00',
        closes: '00:00',
      },
    ]);
  });

  it("a person's block has none", async () => {
    await post(WEEK).expect(303);
    const data = await jsonLd();
    expect(data['@type']).toBe('Person');
    expect(data.openingHoursSpecification).toBeUndefined();
  });
});

describe('the price list page says it too', () => {
  it('shows the state under the business, turning to closed at 18:00 on the cached page without an edit', async () => {
    await seedPriceList(t.db, customer.id, {
      categories: [{ name: 'İçecekler', items: [{ name: 'Çay', priceKurus: 2000 }] }],
    });
    const list = () => request(t.app).get(`/${customer.slug}/fiyat-listesi`).expect(200);
    expect((await list()).text).not.toContain('hours__now');
    await post(WEEK).expect(303);
    nowMs = at('2026-11-26T17:59:00');
    const open = await list();
    expect(textOf(open.text)).toContain("Şimdi açık · 18:00'de kapanır");
    nowMs = at('2026-11-26T18:00:00');
    const closed = await list();
    expect(textOf(closed.text)).toContain("Şimdi kapalı · yarın 09:00'da açılır");
    expect(closed.headers.etag).not.toBe(open.headers.etag);
  });
});
