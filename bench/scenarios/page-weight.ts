/**
 * g. What the bench profile's page weighs: HTML, its stylesheets, its module script and the
 * chunks that script imports statically, raw and as served with `Accept-Encoding: gzip`.
 * "First render" is HTML + CSS: a module script is deferred, so the page paints without it.
 */
import { gunzipSync } from 'node:zlib';
import { everyLink } from '../../tests/helpers/fixtures.js';
import { rawRequest } from '../../tests/helpers/raw-http.js';
import { MOBILE_BROWSER_HEADERS, type BenchContext } from '../context.js';
import { DATASET } from '../dataset.js';

const KB = 1024;
const FIRST_RENDER_BUDGET = 14 * KB;
/** Static imports followed at most this deep / this many files. */
const MAX_JS_FILES = 50;

interface Resource {
  url: string;
  raw: number;
  /** Bytes on the wire: the gzip body, or the raw one when the server sent it uncompressed. */
  served: number;
  gzip: boolean;
}

async function fetchResource(base: string, url: string): Promise<{ resource: Resource; text: string }> {
  const res = await rawRequest(new URL(url, base).href, {
    headers: { ...MOBILE_BROWSER_HEADERS, 'accept-encoding': 'gzip' },
  });
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  const gzip = res.headers['content-encoding'] === 'gzip';
  const body = gzip ? gunzipSync(res.body) : res.body;
  return { resource: { url, raw: body.length, served: res.body.length, gzip }, text: body.toString('utf8') };
}

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(/([a-zA-Z-]+)(?:="([^"]*)")?/g)) found.set(match[1]!.toLowerCase(), match[2] ?? '');
  return found;
}

/**
 * `import x from "./a.js"`, `import "./b.js"`, `export {y} from "./c.js"`; not `import("./d.js")`, which loads later.
 */
function staticImports(js: string): string[] {
  const found: string[] = [];
  for (const match of js.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*${},\s]+?\s*from\s*)?["']([^"']+\.js)["']/g))
    found.push(match[1]!);
  return found;
}

function sum(resources: Resource[], key: 'raw' | 'served'): number {
  return resources.reduce((total, r) => total + r[key], 0);
}

export async function benchPageWeight(ctx: BenchContext): Promise<void> {
  const pageUrl = `${ctx.appUrl}/${ctx.profile.slug}`;
  const { resource: html, text } = await fetchResource(pageUrl, pageUrl);

  const css: Resource[] = [];
  const js: Resource[] = [];
  let blockingScripts = 0;
  for (const [tag] of text.matchAll(/<link\b[^>]*>/g)) {
    const a = attributes(tag);
    if (a.get('rel') === 'stylesheet' && a.get('href'))
      css.push((await fetchResource(pageUrl, a.get('href')!)).resource);
  }
  const queue: string[] = [];
  for (const [tag] of text.matchAll(/<script\b[^>]*>/g)) {
    const a = attributes(tag);
    const src = a.get('src');
    // An external classic script without defer/async stops the parser until it has loaded.
    if (src && a.get('type') !== 'module' && !a.has('defer') && !a.has('async')) blockingScripts += 1;
    if (src) queue.push(new URL(src, pageUrl).href);
  }
  const seen = new Set<string>();
  while (queue.length > 0 && seen.size < MAX_JS_FILES) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const { resource, text: source } = await fetchResource(pageUrl, url);
    js.push(resource);
    for (const spec of staticImports(source)) queue.push(new URL(spec, url).href);
  }

  // The page must carry its content itself: every link label is in the HTML.
  const labels = everyLink(ctx.profile.id)
    .slice(0, DATASET.links)
    .map((l) => String(l.label));
  const missing = labels.filter((label) => !text.includes(label.replace(/&/g, '&amp;')));
  const firstRender = html.served + sum(css, 'served');
  const r = ctx.results;
  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
  const weight = (id: string, what: string, files: Resource[]) =>
    r.add({
      id,
      what,
      value: sum(files, 'served') / KB,
      unit: 'KB',
      display: `${kb(sum(files, 'raw'))} raw / ${kb(sum(files, 'served'))} gzip`,
      target: '',
      pass: null,
    });
  weight('weight.html', `Page HTML${html.gzip ? '' : ' (sent uncompressed!)'}`, [html]);
  weight('weight.css', `Page CSS (${css.length} file${css.length === 1 ? '' : 's'})`, css);
  weight('weight.js', `Page JavaScript (${js.length} file${js.length === 1 ? '' : 's'}, with static imports)`, js);
  r.add({
    id: 'weight.firstRender',
    what: 'First render: HTML + CSS, gzip',
    value: firstRender / KB,
    unit: 'KB',
    target: '≤ 14 KB',
    pass: firstRender <= FIRST_RENDER_BUDGET,
  });
  r.add({
    id: 'weight.noJs',
    what: `Render-blocking scripts (link labels missing from HTML: ${missing.length})`,
    value: blockingScripts,
    unit: '',
    target: '0, no JS needed',
    pass: blockingScripts === 0 && missing.length === 0,
  });
  r.detail('weight', { html, css, js, firstRenderBytes: firstRender, blockingScripts, missingLabels: missing });
}
