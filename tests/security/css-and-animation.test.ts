/**
 * Background values that try to leave their CSS property (colours with `;}</style>`, `url(...)`,
 * `expression()`, `var()`; the `color:` spelling the cover uses), and animation configs that are
 * deep, huge, of the wrong types, or not JSON at all. Every one is refused with a Turkish message,
 * changes nothing, and the page's <style> block stays what it was; a config whose only oddity is a
 * prototype key may be accepted, but then nothing of it is stored and no prototype is polluted.
 *
 * The cover itself is only ever set by an upload (POST /edit/:token/photo/cover, see uploads.test.ts);
 * its `color:` and `video:` encodings are exercised here through the background, which shares the decoder.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { answer, checkRefused, checkRefusedOrEscaped, type Send, titled, useWorld } from './harness.js';

const w = useWorld();

const send =
  (type: string, value: string): Send =>
  async (json) => {
    const req = request(w.t.app).post(`/edit/${w.a.editToken}/background`).type('form');
    return answer(
      await (json ? req.set('Accept', 'application/json') : req).send({
        background_type: type,
        background_value: value,
      }),
    );
  };

const INVALID = /Geçersiz|Lütfen bir arka plan/;

interface CssCase {
  name: string;
  type: string;
  value: string;
}

const CSS_CASES: readonly CssCase[] = [
  { name: 'colour closing the style block', type: 'color', value: 'red;}</style><script>alert(1)</script>' },
  { name: 'colour adding a javascript: url()', type: 'color', value: '#fff;background:url(javascript:alert(1))' },
  { name: 'expression()', type: 'color', value: 'expression(alert(1))' },
  { name: 'var(--x)', type: 'color', value: 'var(--x)' },
  { name: 'colour ending in a semicolon', type: 'color', value: 'red;' },
  { name: 'colour closing the rule', type: 'color', value: '#fff}body{display:none' },
  { name: 'colour with a second declaration', type: 'color', value: 'rgb(0,0,0);color:red' },
  { name: 'colour with !important', type: 'color', value: 'rgb(0 0 0 / 1) !important' },
  { name: 'colour with a comment', type: 'color', value: 'hsl(0,0%,0%)/**/' },
  { name: 'CSS escape for "red"', type: 'color', value: '\\72 ed' },
  { name: 'url() of another site', type: 'color', value: 'url(https://evil.example/x.png)' },
  { name: 'inherit', type: 'color', value: 'inherit' },
  { name: 'attr()', type: 'color', value: 'attr(data-x)' },
  { name: 'calc()', type: 'color', value: 'calc(1px + 2px)' },
  { name: 'colour with a NUL', type: 'color', value: 'red\u0000' },
  { name: 'colour and a newline declaration', type: 'color', value: 'blue\nbackground:red' },
  { name: 'quoted colour', type: 'color', value: '"red"' },
  { name: 'out-of-range rgb()', type: 'color', value: 'rgb(999,0,0)' },
  { name: 'rgb() in exponent notation', type: 'color', value: 'rgb(1e3,0,0)' },
  { name: 'not a hex colour', type: 'color', value: '#ggg' },
  { name: 'HTML-escaped quote', type: 'color', value: 'red&quot;' },
  { name: 'colour over 64 characters', type: 'color', value: `rgb(${'0'.repeat(70)},0,0)` },
  {
    name: 'cover spelling color: closing the style block',
    type: 'color',
    value: 'color:red;}</style><script>alert(1)</script>',
  },
  {
    name: 'cover spelling color: with url(javascript:)',
    type: 'color',
    value: 'color:#fff;background:url(javascript:alert(1))',
  },
  { name: 'cover spelling color:expression()', type: 'color', value: 'color:expression(alert(1))' },
  { name: 'cover spelling color:var()', type: 'color', value: 'color:var(--x)' },
  { name: 'color: under the image type', type: 'image', value: 'color:red;}</style>' },
  { name: 'color: under the video type', type: 'video', value: 'color:#fff' },
  { name: 'color: under the animation type', type: 'animation', value: 'color:#fff' },
  { name: 'video: with a javascript: URL', type: 'video', value: 'video:javascript:alert(1)' },
  { name: 'video: with a data: URL', type: 'video', value: 'video:data:text/html,<script>alert(1)</script>' },
  { name: 'image data: URL of SVG', type: 'image', value: 'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+' },
  {
    name: 'image data: URL that is not base64',
    type: 'image',
    value: 'data:image/png;base64,<script>alert(1)</script>',
  },
  { name: 'image path outside uploads', type: 'image', value: '/uploads/../vizit.sqlite.png' },
  { name: 'image path with a quote', type: 'image', value: "https://ornek.com/a.png');}</style>" },
  { name: 'unknown background type', type: 'gradient', value: '#fff' },
  { name: 'background type with CSS', type: 'color;}', value: '#fff' },
  { name: 'background type with markup', type: '<script>', value: '#fff' },
  { name: 'background type in capitals', type: 'COLOR', value: '#fff' },
  { name: 'empty value', type: 'color', value: '   ' },
];

const anim = (type: string, json: string) => `animation:${type}:${json}`;

const DEEP_OBJECT = `${'{"a":'.repeat(50)}1${'}'.repeat(50)}`;
const DEEP_ARRAY = `{"colors":${'['.repeat(50)}${']'.repeat(50)}}`;
const HUGE = JSON.stringify({ colors: ['#ffffff', '#000000'], pad: 'x'.repeat(100 * 1024) });
const OVER_CONFIG_LIMIT = JSON.stringify({ colors: ['#ffffff', '#000000'], pad: 'x'.repeat(5000) });

interface AnimationCase {
  name: string;
  type?: string;
  value: string;
  status?: number;
}

const ANIMATION_CASES: readonly AnimationCase[] = [
  { name: 'objects nested 50 deep', value: anim('gradient', DEEP_OBJECT) },
  { name: 'arrays nested 50 deep', value: anim('gradient', DEEP_ARRAY) },
  { name: '100 KB of JSON (over the form limit)', value: anim('particles', HUGE), status: 413 },
  { name: '5 KB of JSON (over the config limit)', value: anim('particles', OVER_CONFIG_LIMIT) },
  { name: 'count as a string', value: anim('particles', '{"count":"50"}') },
  { name: 'speed as a string', value: anim('waves', '{"speed":"1"}') },
  { name: 'colors as an object', value: anim('gradient', '{"colors":{"0":"#fff","1":"#000"}}') },
  { name: 'colors as a string', value: anim('gradient', '{"colors":"#fff,#000"}') },
  { name: 'colors as numbers', value: anim('gradient', '{"colors":[1,2]}') },
  { name: 'one colour', value: anim('gradient', '{"colors":["#fff"]}') },
  { name: 'seven colours', value: anim('gradient', `{"colors":[${Array(7).fill('"#fff"').join(',')}]}`) },
  { name: 'shapes as an object', value: anim('geometry', '{"shapes":{"circle":true}}') },
  { name: 'direction as a number', value: anim('gradient', '{"direction":1}') },
  { name: 'size as a boolean', value: anim('particles', '{"size":true}') },
  { name: 'count null', value: anim('particles', '{"count":null}') },
  { name: 'count not a whole number', value: anim('particles', '{"count":5.5}') },
  { name: 'count negative', value: anim('particles', '{"count":-1}') },
  { name: 'count 1e308', value: anim('particles', '{"count":1e308}') },
  { name: 'speed 1e999 (Infinity once parsed)', value: anim('waves', '{"speed":1e999}') },
  { name: 'NaN literal', value: anim('waves', '{"speed":NaN}') },
  { name: 'Infinity literal', value: anim('waves', '{"amplitude":Infinity}') },
  { name: 'light variant as a string', value: anim('waves', '{"light":"red"}') },
  { name: 'dark variant as an array', value: anim('waves', '{"dark":["#000","#111"]}') },
  { name: 'duplicate key, the last one wrong', value: anim('particles', '{"count":50,"count":"x"}') },
  {
    name: 'colour leaving the style block',
    value: anim('gradient', '{"colors":["red;}</style><script>alert(1)</script>","#fff"]}'),
  },
  { name: 'colour with expression()', value: anim('gradient', '{"colors":["expression(alert(1))","#fff"]}') },
  { name: 'colour with var()', value: anim('gradient', '{"colors":["var(--x)","#fff"]}') },
  {
    name: 'variant colour with url(javascript:)',
    value: anim('waves', '{"light":{"colors":["url(javascript:alert(1))","#fff"]}}'),
  },
  { name: 'shape with markup', value: anim('geometry', '{"shapes":["circle","<script>"]}') },
  { name: 'direction with CSS', value: anim('gradient', '{"direction":"to-right;}"}') },
  { name: 'invalid JSON: unclosed', value: anim('gradient', '{') },
  { name: 'invalid JSON: single quotes', value: anim('gradient', "{'colors':['red','blue']}") },
  { name: 'invalid JSON: trailing comma', value: anim('gradient', '{"colors":["red","blue"],}') },
  { name: 'invalid JSON: trailing garbage', value: anim('gradient', '{}x') },
  { name: 'JSON array instead of an object', value: anim('gradient', '[]') },
  { name: 'JSON null', value: anim('gradient', 'null') },
  { name: 'JSON string', value: anim('gradient', '"gradient"') },
  { name: 'JSON number', value: anim('gradient', '1') },
  { name: 'unknown animation type', value: 'animation:matrix' },
  { name: 'animation type with CSS', value: 'animation:gradient;}</style>' },
  { name: 'animation type __proto__', value: 'animation:__proto__' },
  { name: 'animation type constructor', value: 'animation:constructor:{}' },
  { name: 'video:animation: with a deep config', type: 'video', value: `video:${anim('waves', DEEP_OBJECT)}` },
];

const PROTOTYPE_CASES: readonly AnimationCase[] = [
  { name: '__proto__ key', value: anim('particles', '{"__proto__":{"count":5,"polluted":"evet"}}') },
  { name: 'constructor.prototype key', value: anim('particles', '{"constructor":{"prototype":{"polluted":"evet"}}}') },
  {
    name: '__proto__ inside a variant',
    value: anim('waves', '{"light":{"__proto__":{"polluted":"evet"},"colors":["#fff","#000"]}}'),
  },
];

describe('CSS values that try to leave their property', () => {
  it.each(titled(CSS_CASES, (c) => `${c.name}: ${c.type} ${JSON.stringify(c.value).slice(0, 80)}`))(
    '%s',
    async (_title, { type, value }) => {
      await checkRefused(w, send(type, value), { status: 422, message: INVALID });
    },
  );
});

describe('animation configs', () => {
  it.each(titled(ANIMATION_CASES, (c) => c.name))('%s', async (_title, { type, value, status }) => {
    await checkRefused(
      w,
      send(type ?? 'animation', value),
      status === 413 ? { status: 413, message: 'Gönderilen veri çok büyük.' } : { status: 422, message: INVALID },
    );
  });

  it.each(titled(PROTOTYPE_CASES, (c) => `${c.name}: refused, or stored without it and no prototype polluted`))(
    '%s',
    async (_title, { value }) => {
      await checkRefusedOrEscaped(
        w,
        send('animation', value),
        { status: 422, message: INVALID },
        {
          read: async () => {
            const row = await w.t.db('customer_profiles').where({ customer_id: w.a.id }).first();
            const probe: Record<string, unknown> = {};
            return {
              type: row?.background_type,
              value: row?.background_value,
              polluted: probe.polluted,
              count: probe.count,
            };
          },
          stored: {
            type: 'animation',
            value: expect.not.stringMatching(/__proto__|constructor|prototype|polluted/),
            polluted: undefined,
            count: undefined,
          },
          changes: ['customer_profiles'],
        },
      );
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );
});
