/**
 * t. The public page in another language (docs/product.md, Languages): `GET /{slug}?dil=en` and `GET /{slug}` with
 * `Accept-Language: de` against the Turkish profile at 50 connections under wrk, in alternating rounds, each ratio the
 * median round's (target ≥ 90 %: the page cache and the fast path hold one page per language). The bench profile has
 * English and German beside Turkish (bench/dataset.ts).
 */
import { rawRequest } from '../../tests/helpers/raw-http.js';
import { MOBILE_BROWSER_HEADERS, round, type BenchContext } from '../context.js';
import { load } from '../load.js';
import { medianRatio, wrkRounds, type WrkRound } from '../wrk-rounds.js';

const ROUNDS = 3;
const TARGET_RATIO = 90;
const GERMAN = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' } as const;

type Page = 'profile' | 'english' | 'german';

export async function benchLanguages(ctx: BenchContext): Promise<void> {
  const profileUrl = `${ctx.appUrl}/${ctx.profile.slug}`;
  const urls: Record<Page, string> = { profile: profileUrl, english: `${profileUrl}?dil=en`, german: profileUrl };
  const headersOf: Partial<Record<Page, Readonly<Record<string, string>>>> = { german: GERMAN };
  for (const [page, lang] of [
    ['profile', 'tr'],
    ['english', 'en'],
    ['german', 'de'],
  ] as const) {
    const res = await rawRequest(urls[page], { headers: { ...MOBILE_BROWSER_HEADERS, ...headersOf[page] } });
    if (res.status !== 200 || res.headers['content-language'] !== lang) {
      throw new Error(`${page}: ${urls[page]} answered ${res.status} in ${String(res.headers['content-language'])}`);
    }
  }

  const log = (r: number, figures: Record<Page, { rps: number }>) =>
    console.log(
      `  round ${r}: profile ${Math.round(figures.profile.rps)} req/s, ?dil=en ${Math.round(figures.english.rps)}, ` +
        `Accept-Language: de ${Math.round(figures.german.rps)} req/s`,
    );
  let rounds = await wrkRounds(urls, ROUNDS, log, headersOf);
  const tool = rounds ? 'wrk' : 'autocannon (wrk is not installed)';
  if (!rounds) {
    rounds = [];
    for (let r = 1; r <= ROUNDS; r += 1) {
      const options = { connections: 50, warmupS: 2, durationS: 8 };
      const figures = {} as Record<Page, { rps: number }>;
      for (const page of Object.keys(urls) as Page[]) {
        const headers = { ...MOBILE_BROWSER_HEADERS, ...headersOf[page] };
        figures[page] = await load({ url: urls[page], headers, ...options });
      }
      log(r, figures);
      rounds.push(figures as WrkRound<Page>);
    }
  }
  for (const [page, what] of [
    ['english', 'GET /{slug}?dil=en'],
    ['german', 'GET /{slug} with Accept-Language: de'],
  ] as const) {
    const median = medianRatio(rounds, page, 'profile');
    ctx.results.add({
      id: `languages.${page}.ratio`,
      what: `${what} throughput / the Turkish profile's, ${tool}, median of ${ROUNDS} rounds`,
      value: round(median.ratio),
      unit: '%',
      target: `≥ ${TARGET_RATIO} %`,
      pass: median.ratio >= TARGET_RATIO,
    });
  }
}
