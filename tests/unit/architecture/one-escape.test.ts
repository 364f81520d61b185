/**
 * One home for HTML (docs/architecture.md, One home per job): markup lives in the EJS views, which escape every value
 * with `<%=`; the e-mails too (views/mail/). So no TypeScript under src/ builds HTML in a string or escapes text
 * for HTML itself: a second escaper is a second place to get it wrong.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * XML of an SVG drawn into a PNG by sharp (the sharing image), never sent as HTML: SVG text needs its own entities.
 */
const XML_ESCAPERS = new Set(['src/media/sharing-card-svg.ts']);

const ENTITY = /&(?:amp|lt|gt|quot|apos|#3[49]|#x2[27]);/;
const ESCAPER_NAME = /\bescape[-_]?html\b/i;
const TAGS = 'html|head|body|title|meta|link|style|script|p|a|div|span|strong|em|b|i|br|hr|img|h[1-6]|ul|ol|li';
const HTML_TAG = new RegExp(`</?(?:${TAGS}|table|tr|td|th|section|form|input|button)[\\s>/]`);

function sourcesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...sourcesUnder(rel));
    else if (entry.name.endsWith('.ts')) out.push(rel);
  }
  return out;
}

/** The code of a file without its comments (which may name a tag, as in "`<a ping>`"), line by line. */
function codeLines(file: string): Array<{ line: number; code: string }> {
  const source = readFileSync(path.join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, (c) =>
    c.replace(/[^\n]/g, ' '),
  );
  return source
    .split('\n')
    .map((text, i) => ({ line: i + 1, code: text.replace(/(^|\s)\/\/.*$/, '$1') }))
    .filter(({ code }) => code.trim() !== '');
}

function offenders(test: (code: string) => boolean, allowed: ReadonlySet<string> = new Set()): string[] {
  return sourcesUnder('src')
    .filter((file) => !allowed.has(file))
    .flatMap((file) =>
      codeLines(file)
        .filter(({ code }) => test(code))
        .map(({ line, code }) => `${file}:${line}: ${code.trim()}`),
    );
}

describe('one home for HTML', () => {
  it('escapes text for HTML only in the views (EJS `<%=`), never with an escaper of its own', () => {
    expect(offenders((code) => ENTITY.test(code) || ESCAPER_NAME.test(code), XML_ESCAPERS)).toEqual([]);
  });

  it('builds no HTML in TypeScript strings: the e-mails and the live part of a page are views too', () => {
    expect(offenders((code) => HTML_TAG.test(code))).toEqual([]);
  });

  it('finds what it looks for (the rules are not vacuous)', () => {
    expect(ENTITY.test(`'&quot;'`) && ESCAPER_NAME.test('function escapeHtml(')).toBe(true);
    expect(HTML_TAG.test('`<p class="x">`') && !HTML_TAG.test('Promise<string>')).toBe(true);
    expect(sourcesUnder('src').length).toBeGreaterThan(100);
  });
});
