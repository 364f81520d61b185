/**
 * The README and docs/ link to each other by relative paths and heading anchors; a moved file or a renamed
 * heading breaks them silently. Every relative link (and image) must point to a file that exists, and an anchor to
 * a heading of that file. docs/configuration.md must also name every environment variable the server reads.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

const markdownFiles = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The text outside fenced code blocks and inline code, where a bracket is not a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of markdown.replace(/^```[\s\S]*?^```/gm, '').split('\n')) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const text = heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Every `[text](target)` and `![alt](target)` whose target is inside the repository. */
function relativeLinks(markdown: string): string[] {
  const links: string[] = [];
  for (const match of prose(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = match[1] ?? '';
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    links.push(target);
  }
  return links;
}

const anchorsOf = new Map<string, Set<string>>();

/** The heading anchors of one markdown file, read once. */
function anchorsIn(file: string): Set<string> {
  let anchors = anchorsOf.get(file);
  if (!anchors) {
    anchors = headingAnchors(readFileSync(file, 'utf8'));
    anchorsOf.set(file, anchors);
  }
  return anchors;
}

/** What is wrong with each link of one file: a missing file or a missing heading. */
function brokenLinks(file: string): string[] {
  const markdown = readFileSync(path.join(root, file), 'utf8');
  const problems: string[] = [];
  for (const link of relativeLinks(markdown)) {
    const [pathPart = '', anchor] = link.split('#');
    const target =
      pathPart === '' ? path.join(root, file) : path.resolve(path.dirname(path.join(root, file)), pathPart);
    if (!existsSync(target)) {
      problems.push(`${file}: ${link} (no such file)`);
      continue;
    }
    if (anchor === undefined || anchor === '') continue;
    if (!target.endsWith('.md')) {
      problems.push(`${file}: ${link} (an anchor into a file that is not markdown)`);
      continue;
    }
    if (!anchorsIn(target).has(decodeURIComponent(anchor))) {
      problems.push(`${file}: ${link} (no such heading)`);
    }
  }
  return problems;
}

/** The environment variables the server's source reads (assignments, as the font setup makes, left out). */
function variablesRead(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) {
        for (const match of readFileSync(full, 'utf8').matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b(?!\s*=[^=])/g)) {
          if (match[1]) names.add(match[1]);
        }
      }
    }
  };
  walk(path.join(root, 'src'));
  return names;
}

describe('links between the README and docs/', () => {
  it('finds headings and links as GitHub does', () => {
    const anchors = headingAnchors('# Vizit\n## One public request: `GET /{slug}`\n## Tests\n## Tests\n');
    expect([...anchors]).toEqual(['vizit', 'one-public-request-get-slug', 'tests', 'tests-1']);
    const links = relativeLinks('[a](docs/x.md#b) ![c](d.png) [e](https://x.org) `[f](g.md)`\n```\n[h](i.md)\n```\n');
    expect(links).toEqual(['docs/x.md#b', 'd.png']);
  });

  it.each(markdownFiles)('%s links only to files and headings that exist', (file) => {
    expect(brokenLinks(file)).toEqual([]);
  });

  it('docs/configuration.md names every environment variable the server reads', () => {
    const reference = readFileSync(path.join(root, 'docs/configuration.md'), 'utf8');
    const read = [...variablesRead()].sort();
    expect(read).toContain('DATABASE_URL');
    expect(read.filter((name) => !reference.includes(`\`${name}\``))).toEqual([]);
  });
});
