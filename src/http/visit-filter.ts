import { isbot } from 'isbot';
import type { PublicRequest } from './public-request.js';

/** Where browsers say a load is ahead of a person's visit, and the words they say it with. */
const PURPOSE_HEADERS = ['sec-purpose', 'purpose', 'x-purpose', 'x-moz'] as const;
const NOT_A_VISIT = /prefetch|prerender|preview/i;

/**
 * A view is one page load by a person: not a HEAD request, not a browser's prefetch
 * or prerender, not a crawler or link-preview bot (docs/product.md, Statistics).
 * Runs on every public page load: it reads the headers as they are, allocating nothing.
 */
export function isCountableVisit(req: Pick<PublicRequest, 'method' | 'headers'>): boolean {
  if (req.method !== 'GET') return false;
  const { headers } = req;
  for (const name of PURPOSE_HEADERS) {
    const value = headers[name];
    if (typeof value === 'string' && NOT_A_VISIT.test(value)) return false;
  }
  const agent = headers['user-agent'] ?? '';
  if (!agent.trim()) return false;
  return !isBotAgent(agent);
}

/**
 * isbot's answers for the user agents seen lately: a handful of browsers make most page loads, and its pattern is long.
 */
const botAnswers = new Map<string, boolean>();
const BOT_ANSWERS_KEPT = 500;

function isBotAgent(agent: string): boolean {
  let answer = botAnswers.get(agent);
  if (answer === undefined) {
    answer = isbot(agent);
    if (botAnswers.size >= BOT_ANSWERS_KEPT) botAnswers.clear();
    botAnswers.set(agent, answer);
  }
  return answer;
}
