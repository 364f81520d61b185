import type { Request } from 'express';
import { isbot } from 'isbot';

/**
 * A view is one page load by a person: not a HEAD request, not a browser's prefetch
 * or prerender, not a crawler or link-preview bot (docs/product.md, Statistics).
 */
export function isCountableVisit(req: Request): boolean {
  if (req.method !== 'GET') return false;
  const purpose = ['sec-purpose', 'purpose', 'x-purpose', 'x-moz']
    .map((name) => req.get(name) ?? '')
    .join(' ')
    .toLowerCase();
  if (/prefetch|prerender|preview/.test(purpose)) return false;
  const agent = req.get('user-agent') ?? '';
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
