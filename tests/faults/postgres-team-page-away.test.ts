/**
 * The team page while PostgreSQL is away (docs/product.md, Faults and Companies): a company's team page the cache
 * holds is served as it was, as a member's profile is, while an address no page is held for answers the 503; once the
 * database is back the page is read afresh again. The app runs on a PostgreSQL cluster of the test's own, stopped and
 * started again.
 */
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { startOwnPostgres, type OwnPostgres } from './own-postgres.js';

let pgCluster: OwnPostgres | null = null;
let t: TestApp | null = null;

afterAll(async () => {
  await pgCluster?.start().catch(() => undefined);
  await t?.close();
  await pgCluster?.destroy();
});

describe('the team page while the database is away', () => {
  it('is served from its held copy, as the profile is, and read afresh once the database is back', async () => {
    pgCluster = await startOwnPostgres();
    t = await createTestApp({ env: { DATABASE_URL: pgCluster.url, BASE_URL: 'https://kart.example.com' } });
    const owner = await signIn(t.app);
    const ayla = await createCustomer(t, owner, 'Ayla', 'Kaya');
    const made = await owner.agent
      .post('/admin/companies')
      .type('form')
      .send({ _csrf: owner.csrf, name: 'Güneş Emlak Ofisi', slug: 'gunes-ofis' })
      .expect(303);
    const companyId = Number(/(\d+)$/.exec(made.headers.location ?? '')?.[1]);
    await owner.agent
      .post(`/admin/companies/${companyId}/members`)
      .type('form')
      .send({ _csrf: owner.csrf, ids: String(ayla.id) })
      .expect(303);
    const app = t.app;
    const team = (await request(app).get('/gunes-ofis').expect(200)).text;
    expect(team).toContain('Güneş Emlak Ofisi');
    expect(team).toContain('Ayla Kaya');
    await request(app).get(`/${ayla.slug}`).expect(200);

    await pgCluster.stop();
    const profile = await request(app).get(`/${ayla.slug}`);
    expect(profile.status).toBe(200);
    const away = await request(app).get('/gunes-ofis');
    expect(away.status).toBe(200);
    expect(away.text).toBe(team);
    const head = await request(app).head('/gunes-ofis');
    expect(head.status).toBe(200);
    await request(app).get('/hic-gorulmemis-firma').expect(503);

    await pgCluster.start();
    await t.db('companies').where({ id: companyId }).update({ name: 'Güneş Emlak Merkez', version: 99 });
    const back = await request(app).get('/gunes-ofis').expect(200);
    expect(back.text).toContain('Güneş Emlak Merkez');
  }, 120_000);
});
