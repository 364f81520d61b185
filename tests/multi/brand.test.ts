/**
 * The agency brand with two app instances on one PostgreSQL: a brand saved through A is on the
 * public page B already had cached at once (new HTML, new ETag), its logo is served by B, and
 * B's landing page follows within its in-memory brand's five seconds (docs/product.md, Agency brand).
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db.js';
import { Browser } from '../helpers/cookie-browser.js';
import type { ServerProcess } from '../helpers/launcher.js';
import { csrfFrom } from '../helpers/raw-http.js';
import { ADMIN, startTwoServers, type TwoServers } from './two-servers.js';

let servers: TwoServers;
let db: Db;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  servers = await startTwoServers('brand');
  ({ a, b, db } = servers);
}, 120_000);

afterAll(() => servers?.close());

describe('the agency brand on two instances', () => {
  it('shows a brand saved on A on the public page B had cached, at once, with a new ETag', async () => {
    const admin = new Browser(a.url);
    const login = await admin.fetch('/login');
    expect(
      (
        await admin.form('/login', {
          _csrf: csrfFrom(await login.text()),
          email: ADMIN.email,
          password: ADMIN.password,
        })
      ).status,
    ).toBe(303);
    const panel = await admin.fetch('/admin');
    const created = await admin.form('/admin/customers', {
      _csrf: csrfFrom(await panel.text()),
      name: 'Mehmet',
      surname: 'Demir',
    });
    const id = Number(/\/admin\/customers\/(\d+)/.exec(created.headers.get('location') ?? '')?.[1]);
    const slug = String((await db('customers').where({ id }).first()).slug);

    const visitor = new Browser(b.url);
    const cached = await visitor.fetch(`/${slug}`);
    expect(await cached.text()).toContain('<a href="/">Vizit</a> ile oluşturuldu');
    expect(await (await visitor.fetch('/')).text()).toContain('<span class="brand__name">Vizit</span>');

    const settings = await admin.fetch('/admin/settings');
    const form = new FormData();
    form.set('_csrf', csrfFrom(await settings.text()));
    form.set('brand_name', 'Deniz Ajans');
    form.set('brand_url', 'https://denizajans.com.tr');
    form.set('accent_color', '#1d4ed8');
    const logo = await sharp({
      create: { width: 300, height: 120, channels: 4, background: { r: 29, g: 78, b: 216, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    form.set('logo', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
    expect((await admin.fetch('/admin/settings', { method: 'POST', body: form })).status).toBe(303);

    const renewed = await visitor.fetch(`/${slug}`);
    expect(await renewed.text()).toContain('<a href="https://denizajans.com.tr">Deniz Ajans</a> ile oluşturuldu');
    expect(renewed.headers.get('etag')).not.toBe(cached.headers.get('etag'));

    const landing = await admin.fetch('/');
    const logoUrl = /src="(\/img\/brand\/logo-[0-9a-f]{20}\.png)"/.exec(await landing.text())?.[1];
    const served = await visitor.fetch(String(logoUrl));
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).hasAlpha).toBe(true);

    let onB = '';
    for (let waited = 0; waited <= 7000 && !onB.includes('Deniz Ajans'); waited += 500) {
      onB = await (await visitor.fetch('/')).text();
      if (!onB.includes('Deniz Ajans')) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(onB).toContain('<span class="brand__name">Deniz Ajans</span>');
  });
});
