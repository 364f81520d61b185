/**
 * Throughput ratios under wrk: the page and its hello worlds in alternating rounds, each ratio the median round's.
 * autocannon reads every body in JavaScript on the same two cores as the server, so against a page of several KB it
 * runs out of CPU before the server does (it then uses 95-99 % of a core), and a ratio to a 12-byte hello world
 * measures autocannon. wrk, in C, leaves the server the bottleneck: a bare node:http server writing the public page's
 * 7.5 KB reaches 41 % of its own hello world under autocannon and 96 % under wrk (docs/performance.md).
 */
import { MOBILE_BROWSER_HEADERS } from './context.js';
import { runWrk, type WrkResult } from './wrk.js';

export const WRK_CONNECTIONS = 50;
export const WRK_DURATION_S = 8;

/** One round: each named URL's result. */
export type WrkRound<N extends string> = Record<N, WrkResult>;

/**
 * `rounds` rounds of one wrk run per URL in the order given; null when wrk is not installed (nothing was run then).
 * `log` gets each round's figures.
 */
export async function wrkRounds<N extends string>(
  urls: Readonly<Record<N, string>>,
  rounds: number,
  log: (round: number, figures: WrkRound<N>) => void,
  /** Headers a URL sends over the mobile browser's (an Accept-Language, say). */
  headersOf: Partial<Record<N, Readonly<Record<string, string>>>> = {},
): Promise<Array<WrkRound<N>> | null> {
  const done: Array<WrkRound<N>> = [];
  for (let round = 1; round <= rounds; round += 1) {
    const figures = {} as WrkRound<N>;
    for (const name of Object.keys(urls) as N[]) {
      const headers = { ...MOBILE_BROWSER_HEADERS, ...headersOf[name] };
      const result = await runWrk(urls[name], headers, WRK_CONNECTIONS, WRK_DURATION_S);
      if (!result) {
        if (done.length === 0 && Object.keys(figures).length === 0) return null;
        throw new Error('wrk ran, then could not be found');
      }
      figures[name] = result;
    }
    done.push(figures);
    log(round, figures);
  }
  return done;
}

/** The round whose `of` / `to` throughput ratio is the median, and that ratio in percent. */
export function medianRatio<N extends string>(
  rounds: ReadonlyArray<WrkRound<N>>,
  of: N,
  to: N,
): { round: WrkRound<N>; ratio: number } {
  const ratios = rounds.map((round) => ({ round, ratio: (round[of].rps / round[to].rps) * 100 }));
  return ratios.sort((a, b) => a.ratio - b.ratio)[Math.floor(ratios.length / 2)]!;
}
