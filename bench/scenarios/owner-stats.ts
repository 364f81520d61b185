/**
 * b. The owner's statistics on a profile with a million views, as JSON and as the HTML page.
 * One connection: the latency one owner sees, not a throughput figure.
 */
import { rawRequest } from '../../tests/helpers/raw-http.js';
import type { BenchContext } from '../context.js';
import { describeStatuses, load } from '../load.js';

const WARMUP_S = 1;
const DURATION_S = 5;
const TARGET_P50_MS = 20;

interface StatsJson {
  todayViews: number;
  yesterdayViews: number;
  monthlyViews: number;
  lastMonthViews: number;
  dailyStats: Array<{ date: string; views: number }>;
}

function isStatsJson(value: unknown): value is StatsJson {
  const v = value as Partial<StatsJson> | null;
  return typeof v?.todayViews === 'number' && typeof v.monthlyViews === 'number' && Array.isArray(v.dailyStats);
}

export async function benchOwnerStats(ctx: BenchContext): Promise<void> {
  const url = `${ctx.appUrl}/edit/${ctx.profile.editToken}/stats`;
  const probe = await rawRequest(url, { headers: { accept: 'application/json' } });
  const json: unknown = JSON.parse(probe.text);
  if (probe.status !== 200 || !isStatsJson(json) || json.dailyStats.length !== 7) {
    throw new Error(`GET /edit/{token}/stats (JSON) answered ${probe.status}: ${probe.text.slice(0, 200)}`);
  }
  console.log(
    `  stats: today ${json.todayViews}, yesterday ${json.yesterdayViews}, this month ${json.monthlyViews}, ` +
      `last month ${json.lastMonthViews}`,
  );
  ctx.results.detail('stats.sample', json);

  for (const [kind, accept] of [
    ['JSON', 'application/json'],
    ['HTML', 'text/html'],
  ] as const) {
    const result = await load({
      url,
      connections: 1,
      warmupS: WARMUP_S,
      durationS: DURATION_S,
      headers: { accept, 'accept-encoding': 'gzip' },
    });
    const ok = (result.statuses[200] ?? 0) === result.responses;
    if (!ok) console.log(`  stats ${kind}: answers ${describeStatuses(result.statuses)}`);
    const id = kind.toLowerCase();
    ctx.results.add({
      id: `stats.${id}.p50`,
      what: `GET /edit/{token}/stats ${kind} p50 (1M views)${ok ? '' : ' NOT all 200!'}`,
      value: result.p50,
      unit: 'ms',
      target: `< ${TARGET_P50_MS} ms`,
      pass: ok && result.p50 < TARGET_P50_MS,
    });
    ctx.results.add({
      id: `stats.${id}.p99`,
      what: `GET /edit/{token}/stats ${kind} p99`,
      value: result.p99,
      unit: 'ms',
      target: '',
      pass: null,
    });
    ctx.results.detail(`stats.${id}`, result);
  }
}
