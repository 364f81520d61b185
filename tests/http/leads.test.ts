import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { translatorFor, type MessageKey } from '../../src/i18n/translator.js';
import { LEADS_PER_WINDOW } from '../../src/middleware/lead-throttle.js';
import { messages as leadMessages } from '../../src/validation/lead.validation.js';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { seedFullProfile } from '../helpers/fixtures.js';

/** A refusal as the Turkish page writes it. */
const tr = (key: MessageKey) => translatorFor('tr').t(key);

let t: TestApp;
let now: number;
let customer: { id: number; slug: string; editToken: string };
beforeEach(async () => {
  now = Date.UTC(2026, 10, 26, 9, 0, 0);
  t = await createTestApp({ clock: () => new Date(now) });
  customer = await createCustomer(t, await signIn(t.app), 'Ayşe', 'Kaya');
});
afterEach(() => t.close());

const NOTICE = 'Veri sorumlusu: Ayşe Kaya Kuaför.\nSaklama süresi: 12 ay.';

/** The owner turns the form on through the owner's own form. */
async function turnOn(settings: Record<string, string | string[]> = {}): Promise<void> {
  await request(t.app)
    .post(`/edit/${customer.editToken}/leads/settings`)
    .type('form')
    .send({
      enabled: '1',
      fields: ['phone', 'email', 'note'],
      prompt: 'Numaranızı bırakın, sizi arayalım.',
      notice: NOTICE,
      retention_months: '12',
      ...settings,
    })
    .expect(303);
}

/** The page as a visitor loaded it (stamp and notice version), then a few seconds of typing. */
async function openForm(): Promise<{ stamp: string; version: string }> {
  const page = await request(t.app).get(`/${customer.slug}`).expect(200);
  const stamp = /action="\/[^"]+\/leads#lead-durum">\s*<input type="hidden" name="form_started" value="([^"]+)"/.exec(
    page.text,
  )?.[1];
  const version = /name="notice_version" value="(\d+)"/.exec(page.text)?.[1];
  if (!stamp || !version) throw new Error('no contact form on the page');
  now += 5000;
  return { stamp, version };
}

function post(fields: Record<string, string>) {
  return request(t.app).post(`/${customer.slug}/leads`).type('form').send(fields);
}

async function stored(): Promise<Array<Record<string, unknown>>> {
  return t.db('leads').where({ customer_id: customer.id }).orderBy('id');
}

describe('the contact form on the public page', () => {
  it('is not there, and posting to it or asking for its text is a 404, until the owner turns it on', async () => {
    const page = await request(t.app).get(`/${customer.slug}`).expect(200);
    expect(page.text).not.toContain('İletişim bırakın');
    await post({ name: 'Ali', phone: '05321234567', consent: '1' }).expect(404);
    await request(t.app).get(`/${customer.slug}/aydinlatma`).expect(404);
    await turnOn();
    const shown = await request(t.app).get(`/${customer.slug}`).expect(200);
    expect(shown.text).toContain('İletişim bırakın');
    expect(shown.text).toContain('Numaranızı bırakın, sizi arayalım.');
    // The consent box is unticked, and the information text one link away.
    expect(shown.text).toMatch(/<input id="lead-consent" name="consent" type="checkbox" value="1">/);
    expect(shown.text).toContain(`href="/${customer.slug}/aydinlatma"`);
    const notice = await request(t.app).get(`/${customer.slug}/aydinlatma`).expect(200);
    expect(notice.text).toContain('Veri sorumlusu: Ayşe Kaya Kuaför.');
    expect(notice.text).toContain('Sürüm 1');
  });

  it("keeps the heaviest page's first render (HTML + CSS) under 14 KB gzipped with the form on", async () => {
    await seedFullProfile(t, customer.id);
    await turnOn();
    const page = await request(t.app).get(`/${customer.slug}`).set('Accept-Encoding', 'identity').expect(200);
    expect(page.text).toContain('id="iletisim-birak"');
    const cssHref = /<link rel="stylesheet" href="([^"]+)">/.exec(page.text)![1]!;
    const css = await request(t.app).get(cssHref).set('Accept-Encoding', 'identity').expect(200);
    const htmlGz = gzipSync(Buffer.from(page.text)).length;
    const cssGz = gzipSync(Buffer.from(css.text)).length;
    expect(htmlGz + cssGz, `HTML ${htmlGz} B + CSS ${cssGz} B gzipped`).toBeLessThan(14 * 1024);
  });

  it(
    'stores the lead with its consent time and notice version, counts it on its day, and answers 303 to the ' +
      'thanks at the form',
    async () => {
      await turnOn();
      const { stamp, version } = await openForm();
      await post({
        name: '  Mehmet Demir ',
        phone: '0532 123 45 67',
        email: 'Mehmet@Ornek.COM',
        note: 'Salı öğleden sonra arayın.',
        consent: '1',
        form_started: stamp,
        notice_version: version,
      })
        .expect(303)
        .expect('Location', `/${customer.slug}?lead=1#lead-durum`);
      const [row] = await stored();
      expect(row).toMatchObject({
        name: 'Mehmet Demir',
        phone: '+905321234567',
        email: 'Mehmet@ornek.com',
        note: 'Salı öğleden sonra arayın.',
        notice_version: 1,
        read_at: null,
      });
      expect(Number(row!.consent_at)).toBe(now);
      expect(Number(row!.created_at)).toBe(now);
      // Counted on its day in a batch written every half second (services/lead-day-counter.ts).
      await t.services.leadCounts.flush();
      const days = await t.db('lead_days').where({ customer_id: customer.id });
      expect(days.map((d) => [d.day, Number(d.leads)])).toEqual([['2026-11-26', 1]]);
      // A counter only: nothing about the visitor.
      expect(Object.keys(days[0]).sort()).toEqual(['customer_id', 'day', 'leads']);
    },
  );

  it('thanks on ?lead=1 and offers the business card, never from or into the cache', async () => {
    await request(t.app)
      .post(`/edit/${customer.editToken}/profile`)
      .type('form')
      .send({ phone: '0212 555 44 33' })
      .expect(303);
    await turnOn();
    const plain = await request(t.app).get(`/${customer.slug}`).expect(200);
    expect(plain.text).not.toContain('Teşekkürler, bilgileriniz iletildi.');
    const thanked = await request(t.app).get(`/${customer.slug}?lead=1`).expect(200);
    expect(thanked.text).toContain('Teşekkürler, bilgileriniz iletildi.');
    const section = thanked.text.slice(thanked.text.indexOf('id="iletisim-birak"'));
    // One block the redirect's `#lead-durum` lands on and focuses: the thanks with the business card inside it.
    const thanks = section.slice(section.indexOf('id="lead-durum"'), section.indexOf('</div>'));
    expect(section).toMatch(/<div class="[^"]*lead__thanks[^"]*" id="lead-durum" tabindex="-1">/);
    expect(thanks).toContain('Teşekkürler, bilgileriniz iletildi.');
    expect(thanks).toContain(`href="/${customer.slug}/vcard.vcf" download="${customer.slug}.vcf">Rehbere Ekle</a>`);
    const again = await request(t.app).get(`/${customer.slug}`).expect(200);
    expect(again.text).not.toContain('Teşekkürler, bilgileriniz iletildi.');
  });

  it('refuses a form without consent with 422, keeping what was typed and storing nothing', async () => {
    await turnOn();
    const { stamp, version } = await openForm();
    const res = await post({
      name: 'Zeynep <b>Ak</b>',
      phone: '05321234567',
      note: 'Not "tırnaklı"',
      form_started: stamp,
      notice_version: version,
    }).expect(422);
    expect(res.text).toContain(leadMessages.consentRequired);
    expect(res.text).toContain('value="Zeynep &lt;b&gt;Ak&lt;/b&gt;"');
    expect(res.text).toContain('Not &#34;tırnaklı&#34;');
    expect(res.text).toMatch(/<details class="lead__details" open>/);
    // The page lands at the form (its action carries the anchor), on a focusable summary of what to fix.
    expect(res.text).toContain(`action="/${customer.slug}/leads#lead-durum"`);
    expect(res.text).toContain(
      'id="lead-durum" tabindex="-1" role="alert">Bilgileriniz gönderilmedi: işaretli alanları düzeltin.</div>',
    );
    expect(await stored()).toEqual([]);
  });

  it.each([
    ['an empty name', { name: '' }, 'name', leadMessages.nameRequired],
    ['a name of 101 characters', { name: 'ş'.repeat(101) }, 'name', leadMessages.nameTooLong],
    ['a phone of two digits', { phone: '12' }, 'phone', 'Telefon numarası en az'],
    ['a phone of letters', { phone: 'abc' }, 'phone', 'Geçerli bir telefon numarası girin.'],
    ['a broken e-mail', { phone: '', email: 'ornek@' }, 'email', 'Geçerli bir e-posta adresi girin.'],
    ['neither phone nor e-mail', { phone: '', email: '' }, 'phone', leadMessages.contactRequired],
    ['a note of 501 characters', { note: 'x'.repeat(501) }, 'note', leadMessages.noteTooLong],
  ])('refuses %s with 422 and its message under its field', async (_label, change, field, message) => {
    await turnOn();
    const { stamp, version } = await openForm();
    const res = await post({
      name: 'Ali Veli',
      phone: '05321234567',
      email: '',
      note: '',
      consent: '1',
      form_started: stamp,
      notice_version: version,
      ...change,
    }).expect(422);
    expect(res.text).toContain(`id="lead-${field}-hata">${message}`);
    expect(res.text).toMatch(new RegExp(`id="lead-${field}"[^>]*aria-invalid=true`));
    expect(await stored()).toEqual([]);
  });

  it(
    'asks only for the fields the owner chose: with the ' + 'phone alone it is required and an e-mail is not read',
    async () => {
      await turnOn({ fields: 'phone' });
      const { stamp, version } = await openForm();
      const page = await request(t.app).get(`/${customer.slug}`);
      expect(page.text).not.toContain('id="lead-email"');
      expect(page.text).not.toContain('id="lead-note"');
      const res = await post({
        name: 'Ali',
        email: 'ali@ornek.com',
        consent: '1',
        form_started: stamp,
        notice_version: version,
      }).expect(422);
      expect(res.text).toContain(leadMessages.phoneRequired);
      await post({
        name: 'Ali',
        phone: '+49 30 1234567',
        email: 'ali@ornek.com',
        note: 'yok',
        consent: '1',
        form_started: stamp,
        notice_version: version,
      }).expect(303);
      expect(await stored()).toMatchObject([{ phone: '+49301234567', email: null, note: null }]);
    },
  );

  it('keeps the first stamp in a form refused for a field, so a quick fix is accepted at once', async () => {
    await turnOn();
    const { stamp, version } = await openForm();
    const refused = await post({
      name: 'Ali Veli',
      phone: '05321234567',
      form_started: stamp,
      notice_version: version,
    }).expect(422);
    const again = /action="\/[^"]+\/leads#lead-durum">\s*<input type="hidden" name="form_started" value="([^"]+)"/.exec(
      refused.text,
    )?.[1];
    expect(again).toBe(stamp);
    // The message form on the same page carries it too (one stamp for the page).
    expect(
      /name="form_started" value="([^"]+)"/g.exec(refused.text.slice(refused.text.indexOf('id="mesaj"')))?.[1],
    ).toBe(stamp);
    now += 500;
    await post({
      name: 'Ali Veli',
      phone: '05321234567',
      consent: '1',
      form_started: again!,
      notice_version: version,
    }).expect(303);
    expect(await stored()).toHaveLength(1);
  });

  it('counts the two seconds from the first display after a too-fast refusal, not from the refusal', async () => {
    await turnOn();
    const page = await request(t.app).get(`/${customer.slug}`);
    const stamp = /name="form_started" value="([^"]+)"/.exec(page.text)![1]!;
    now += 1500;
    const fast = await post({
      name: 'Ali',
      phone: '05321234567',
      consent: '1',
      form_started: stamp,
      notice_version: '1',
    }).expect(422);
    expect(fast.text).toContain(tr('forms.lead.tooFast'));
    const again = /name="form_started" value="([^"]+)"/.exec(fast.text)![1]!;
    now += 600;
    await post({ name: 'Ali', phone: '05321234567', consent: '1', form_started: again, notice_version: '1' }).expect(
      303,
    );
    expect(await stored()).toHaveLength(1);
  });

  it('refuses a form sent within two seconds of loading, or with a forged stamp, keeping the text', async () => {
    await turnOn();
    const page = await request(t.app).get(`/${customer.slug}`);
    const stamp = /name="form_started" value="([^"]+)"/.exec(page.text)![1]!;
    now += 500;
    const fast = await post({
      name: 'Hızlı Bot',
      phone: '05321234567',
      consent: '1',
      form_started: stamp,
      notice_version: '1',
    }).expect(422);
    expect(fast.text).toContain(`id="lead-durum" tabindex="-1" role="alert">${tr('forms.lead.tooFast')}</div>`);
    expect(fast.text).toContain('value="Hızlı Bot"');
    const forged = await post({
      name: 'Sahte',
      phone: '05321234567',
      consent: '1',
      form_started: '123.abc',
      notice_version: '1',
    }).expect(422);
    expect(forged.text).toContain(tr('forms.lead.expired'));
    expect(await stored()).toEqual([]);
  });

  it('drops what a bot put in the hidden field, answering like a success', async () => {
    await turnOn();
    const { stamp, version } = await openForm();
    await post({
      name: 'Bot',
      phone: '05321234567',
      consent: '1',
      alan_bos: 'http://spam.example',
      form_started: stamp,
      notice_version: version,
    })
      .expect(303)
      .expect('Location', `/${customer.slug}?lead=1#lead-durum`);
    expect(await stored()).toEqual([]);
  });

  it(
    `limits one address to ${LEADS_PER_WINDOW} accepted forms per profile in ten minutes, with 429 and ` +
      `the text kept`,
    async () => {
      await turnOn();
      const { stamp, version } = await openForm();
      for (let i = 0; i < 3; i += 1)
        await post({ name: '', consent: '1', form_started: stamp, notice_version: version }).expect(422);
      for (let i = 0; i < LEADS_PER_WINDOW; i += 1) {
        await post({
          name: `Kişi ${i}`,
          phone: '05321234567',
          consent: '1',
          form_started: stamp,
          notice_version: version,
        }).expect(303);
      }
      const res = await post({
        name: 'Bir Fazla',
        phone: '05321234567',
        consent: '1',
        form_started: stamp,
        notice_version: version,
      }).expect(429);
      expect(res.text).toContain(tr('forms.lead.tooMany'));
      expect(res.text).toContain('value="Bir Fazla"');
      expect(await stored()).toHaveLength(LEADS_PER_WINDOW);
      now += 10 * 60_000 + 1;
      await post({
        name: 'Sonra',
        phone: '05321234567',
        consent: '1',
        form_started: stamp,
        notice_version: version,
      }).expect(303);
    },
  );

  it('asks again when the information text changed after the page was loaded, with the box unticked', async () => {
    await turnOn();
    const { stamp, version } = await openForm();
    await turnOn({ notice: `${NOTICE}\nYeni madde.` });
    const res = await post({
      name: 'Ali',
      phone: '05321234567',
      consent: '1',
      form_started: stamp,
      notice_version: version,
    }).expect(409);
    expect(res.text).toContain(tr('forms.lead.noticeChanged'));
    expect(res.text).toMatch(/<input id="lead-consent" name="consent" type="checkbox" value="1">/);
    expect(res.text).toContain('name="notice_version" value="2"');
    await post({ name: 'Ali', phone: '05321234567', consent: '1', form_started: stamp, notice_version: '2' }).expect(
      303,
    );
    expect(await stored()).toMatchObject([{ notice_version: 2 }]);
  });

  it('is a 404 for a passive customer, an unknown address or a form turned off; another site is refused', async () => {
    await turnOn();
    const { stamp, version } = await openForm();
    const lead = { name: 'Ali', phone: '05321234567', consent: '1', form_started: stamp, notice_version: version };
    await request(t.app).post('/yok-boyle-biri/leads').type('form').send(lead).expect(404);
    await request(t.app)
      .post(`/${customer.slug}/leads`)
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send(lead)
      .expect(403);
    await t.db('customers').where({ id: customer.id }).update({ is_active: false });
    await post(lead).expect(404);
    await request(t.app).get(`/${customer.slug}/aydinlatma`).expect(404);
    await t.db('customers').where({ id: customer.id }).update({ is_active: true });
    await turnOn({ enabled: '0' });
    await post(lead).expect(404);
    expect(await stored()).toEqual([]);
  });
});
