import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/errors.js';
import {
  ANIMATION_DEFAULTS,
  ANIMATION_TYPES,
  COLOR_PRESETS,
  DEFAULT_BACKGROUND_COLOR,
  animationDefaults,
  messages,
  paletteFor,
  parseBackground,
  parseColor,
  parseCover,
  validateBackgroundInput,
  validateCoverInput,
  type AnimationConfig,
  type BackgroundDescriptor,
} from '../../../src/domain/background.js';

const PNG_B64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';
const TWO_MB = 2 * 1024 * 1024;

function config(type: string, json: string): AnimationConfig {
  const d = parseBackground('animation', `animation:${type}:${json}`);
  if (d?.kind !== 'animation') throw new Error(`not an animation: ${json}`);
  return d.config;
}

function fieldsOf(fn: () => unknown): Record<string, string> {
  try {
    fn();
  } catch (err) {
    if (err instanceof ValidationError) return { ...err.fields };
    throw err;
  }
  throw new Error('expected a ValidationError');
}

describe('parseColor', () => {
  it.each([
    ['#fff', '#fff'],
    ['#FFF', '#fff'],
    ['#f9fafb', '#f9fafb'],
    ['#F9FAFB', '#f9fafb'],
    ['#11223344', '#11223344'],
    ['  #abc  ', '#abc'],
    ['red', 'red'],
    ['RED', 'red'],
    ['RebeccaPurple', 'rebeccapurple'],
    ['transparent', 'transparent'],
    ['lightgoldenrodyellow', 'lightgoldenrodyellow'],
    ['rgb(255,0,0)', 'rgb(255,0,0)'],
    ['rgb(255, 0, 0)', 'rgb(255,0,0)'],
    ['RGB( 1 , 2 , 3 )', 'rgb(1,2,3)'],
    ['rgb(010,020,030)', 'rgb(10,20,30)'],
    ['rgba(0,0,0,0.5)', 'rgba(0,0,0,0.5)'],
    ['rgba(0, 0, 0, .5)', 'rgba(0,0,0,0.5)'],
    ['rgb(100%, 0%, 50%)', 'rgb(100%,0%,50%)'],
    ['rgb(10 20 30)', 'rgb(10,20,30)'],
    ['rgb(10 20 30 / 50%)', 'rgba(10,20,30,50%)'],
    ['rgba(1,2,3,1)', 'rgba(1,2,3,1)'],
    ['hsl(120, 50%, 50%)', 'hsl(120,50%,50%)'],
    ['hsl(120deg 50% 50%)', 'hsl(120,50%,50%)'],
    ['hsla(360,100%,0%,1)', 'hsla(360,100%,0%,1)'],
    ['hsl(200.5 40% 60% / 0.25)', 'hsla(200.5,40%,60%,0.25)'],
  ])('%j → %s', (input, canonical) => {
    expect(parseColor(input)).toBe(canonical);
  });

  it.each([
    '',
    '   ',
    '#ff',
    '#ffff',
    '#fffff',
    '#1234567',
    '#ggg',
    'fff',
    'notacolor',
    'currentcolor',
    'inherit',
    'initial',
    'var(--x)',
    'url(https://example.com/a.png)',
    'expression(alert(1))',
    'red;}</style><script>alert(1)</script>',
    '#fff;background:url(javascript:alert(1))',
    'red !important',
    'red/**/',
    'red;',
    'ｒｅｄ',
    'rgb(256,0,0)',
    'rgb(1,2)',
    'rgb(-1,0,0)',
    'rgb(1,2,3,4,5)',
    'rgb(1,,2,3)',
    'rgb(1,2,3))',
    'rgb((1,2,3)',
    'rgba(0,0,0,1.5)',
    'rgba(0,0,0,101%)',
    'rgb(101%,0%,0%)',
    'rgb(NaN,0,0)',
    'rgb(Infinity,0,0)',
    'rgb(1e3,0,0)',
    'rgb(1,2,3) red',
    'hsl(361,50%,50%)',
    'hsl(120,50,50)',
    'hsl(120,150%,50%)',
    'hsl(120rad,50%,50%)',
    'calc(1px)',
    'color-mix(in srgb, red, blue)',
    'light-dark(red, blue)',
    'a'.repeat(100),
    `rgb(${'1'.repeat(70)},0,0)`,
  ])('refuses %j', (input) => {
    expect(parseColor(input)).toBeNull();
  });

  it.each([null, undefined, 123, {}, ['#fff'], true])('refuses the non-string %j', (input) => {
    expect(parseColor(input)).toBeNull();
  });
});

describe('parseBackground', () => {
  const color = (c: string): BackgroundDescriptor => ({ kind: 'color', color: c });
  const image = (url: string): BackgroundDescriptor => ({ kind: 'image', url });
  const video = (url: string): BackgroundDescriptor => ({ kind: 'video', url });

  it.each<[string, string | null, BackgroundDescriptor | null]>([
    // colours
    ['color', '#f9fafb', color('#f9fafb')],
    ['color', 'color:#F9FAFB', color('#f9fafb')],
    ['color', 'red', color('red')],
    ['color', ' rgb(1, 2, 3) ', color('rgb(1,2,3)')],
    ['image', 'color:red', color('red')],
    ['animation', 'color:hsl(10,20%,30%)', color('hsl(10,20%,30%)')],
    ['image', 'red', null],
    ['color', 'color:', null],
    ['color', 'color:red;}</style>', null],
    ['color', 'red;}</style><script>alert(1)</script>', null],
    ['color', '#fff;background:url(javascript:alert(1))', null],
    ['color', 'expression(alert(1))', null],
    ['color', 'var(--x)', null],
    ['color', 'url(https://example.com/a.png)', null],
    ['color', 'color:url(https://example.com/a.png)', null],
    // empty → default
    ['color', '', null],
    ['color', '   ', null],
    ['color', null, null],
    // video
    ['video', 'video:https://cdn.example.com/bg.mp4', video('https://cdn.example.com/bg.mp4')],
    ['video', 'video:https://cdn.example.com/stream', video('https://cdn.example.com/stream')],
    ['image', 'https://cdn.example.com/bg.webm', video('https://cdn.example.com/bg.webm')],
    ['video', 'https://cdn.example.com/bg.MOV', video('https://cdn.example.com/bg.MOV')],
    ['video', 'https://cdn.example.com/bg.mp4?x=1', video('https://cdn.example.com/bg.mp4?x=1')],
    ['video', '/uploads/12/bg.mp4', video('/uploads/12/bg.mp4')],
    ['video', 'video:/uploads/12/bg.ogg', video('/uploads/12/bg.ogg')],
    ['video', 'video:', null],
    ['video', 'video:javascript:alert(1)', null],
    ['video', 'video:/uploads/12/../../etc/passwd.mp4', null],
    ['video', 'video:/uploads/12/bg.jpg', null],
    ['video', 'video:data:video/mp4;base64,AAAA', null],
    ['video', 'video:https://user:pw@example.com/a.mp4', null],
    ['video', 'video:ftp://example.com/a.mp4', null],
    ['video', 'video://example.com/a.mp4', null],
    // images
    ['image', 'https://example.com/a.jpg', image('https://example.com/a.jpg')],
    ['image', 'http://example.com/a', image('http://example.com/a')],
    ['image', 'HTTPS://EXAMPLE.COM/a.png', image('https://example.com/a.png')],
    ['image', '/uploads/12/cover-1700000000.jpg', image('/uploads/12/cover-1700000000.jpg')],
    ['image', '/uploads/12/photo.webp?v=3', image('/uploads/12/photo.webp?v=3')],
    ['image', '/uploads/7/a.GIF', image('/uploads/7/a.GIF')],
    ['image', `data:image/png;base64,${PNG_B64}`, image(`data:image/png;base64,${PNG_B64}`)],
    ['image', 'data:image/JPEG;base64,AAAA', image('data:image/jpeg;base64,AAAA')],
    ['image', '/uploads/abc/x.jpg', null],
    ['image', '/uploads/12/x.svg', null],
    ['image', '/uploads/12/x.jpg.html', null],
    ['image', '/uploads/12/../x.jpg', null],
    ['image', '/uploads/12/.hidden.jpg', null],
    ['image', '/uploads/12/sub/x.jpg', null],
    ['image', '/etc/passwd', null],
    ['image', '//evil.example.com/x.jpg', null],
    ['image', 'javascript:alert(1)', null],
    ['image', 'JaVaScRiPt:alert(1)', null],
    ['image', ' javascript:alert(1)', null],
    ['image', 'vbscript:msgbox(1)', null],
    ['image', 'file:///etc/passwd', null],
    ['image', 'ftp://example.com/a.jpg', null],
    ['image', 'https://', null],
    ['image', 'https://example.com/a b.jpg', null],
    ['image', 'https://example.com/a".jpg', null],
    ['image', "https://example.com/a'.jpg", null],
    ['image', 'https://example.com/<script>', null],
    ['image', 'https://example.com/x.jpg\u0000', null],
    ['image', 'https://user:pw@example.com/x.jpg', null],
    ['image', `https://example.com/${'a'.repeat(2100)}.jpg`, null],
    ['image', 'data:image/svg+xml;base64,PHN2Zz4=', null],
    ['image', 'data:text/html;base64,PHNjcmlwdD4=', null],
    ['image', 'data:image/png,rawdata', null],
    ['image', 'data:image/png;base64,', null],
    ['image', 'data:image/png;base64,@@@@', null],
    ['image', 'data:image/png;base64,abc', null],
    ['image', 'data:image/png;base64,AA AA', null],
    ['image', 'data:image/png;base64,AAAA");background:url(x', null],
  ])('(%s, %j)', (type, value, expected) => {
    expect(parseBackground(type, value)).toEqual(expected);
  });

  it('takes a data URL up to 2 MB of base64 and no more', () => {
    const max = `data:image/png;base64,${'A'.repeat(TWO_MB)}`;
    expect(parseBackground('image', max)?.kind).toBe('image');
    expect(parseBackground('image', `data:image/png;base64,${'A'.repeat(TWO_MB + 4)}`)).toBeNull();
  });

  it('reads animations of every type, with and without a config', () => {
    for (const { type } of ANIMATION_TYPES) {
      for (const value of [`animation:${type}`, `animation:${type}:`, `animation:${type}:{}`, `video:animation:${type}:{}`]) {
        expect(parseBackground('animation', value)).toEqual({ kind: 'animation', type, config: ANIMATION_DEFAULTS[type] });
      }
    }
    expect(parseBackground('video', 'video:animation:waves:{"waveCount":4}')).toMatchObject({ kind: 'animation', type: 'waves', config: { waveCount: 4 } });
  });

  it.each([
    'animation:sparkles:{}',
    'animation:Gradient:{}',
    'animation::{}',
    'animation:',
    'animation:gradient:[1,2]',
    'animation:gradient:null',
    'animation:gradient:"x"',
    'animation:gradient:42',
    'animation:gradient:{bad json',
    'animation:gradient:{"colors":["#fff","#000"]}trailing',
    'animation:gradient:{"a":{"b":{"c":{"d":1}}}}',
    'animation:gradient:{"dark":{"colors":[["#fff"],["#000"]]}}',
    `animation:gradient:{"x":${'['.repeat(500)}${']'.repeat(500)}}`,
    `animation:particles:{"pad":"${'x'.repeat(10 * 1024)}"}`,
  ])('ignores the broken animation %#', (value) => {
    expect(parseBackground('animation', value)).toBeNull();
  });

  it('takes a config up to 4 KB', () => {
    const json = (pad: number) => `{"count":20,"pad":"${'x'.repeat(pad)}"}`;
    const fits = 4096 - json(0).length;
    expect(parseBackground('animation', `animation:particles:${json(fits)}`)).toMatchObject({ config: { count: 20 } });
    expect(parseBackground('animation', `animation:particles:${json(fits + 1)}`)).toBeNull();
    // Bytes, not characters: Turkish letters take two.
    expect(parseBackground('animation', `animation:particles:${json(fits).replace('xx', 'ş')}`)).toMatchObject({ config: { count: 20 } });
    expect(parseBackground('animation', `animation:particles:${json(fits).replace('x', 'ş')}`)).toBeNull();
  });
});

describe('animation config fields (read: a bad key falls back to its default)', () => {
  const d = ANIMATION_DEFAULTS.gradient;

  it.each<[string, keyof AnimationConfig, unknown]>([
    ['{"colors":["#FF0000","#00f"]}', 'colors', ['#ff0000', '#00f']],
    ['{"colors":["#f00","#0f0","#00f","red","blue","rgb(1,2,3)"]}', 'colors', ['#f00', '#0f0', '#00f', 'red', 'blue', 'rgb(1,2,3)']],
    ['{"colors":["#f00"]}', 'colors', d.colors],
    ['{"colors":["#f00","#f00","#f00","#f00","#f00","#f00","#f00"]}', 'colors', d.colors],
    ['{"colors":["#f00","red;}"]}', 'colors', d.colors],
    ['{"colors":["#f00","url(x)"]}', 'colors', d.colors],
    ['{"colors":"#f00"}', 'colors', d.colors],
    ['{"colors":[1,2]}', 'colors', d.colors],
    ['{"direction":"radial"}', 'direction', 'radial'],
    ['{"direction":"to-bottom"}', 'direction', 'to-bottom'],
    ['{"direction":"up"}', 'direction', d.direction],
    ['{"direction":1}', 'direction', d.direction],
    ['{"count":100}', 'count', 100],
    ['{"count":1000}', 'count', 150],
    ['{"count":1}', 'count', 5],
    ['{"count":12.6}', 'count', 13],
    ['{"count":"NaN"}', 'count', d.count],
    ['{"count":"50"}', 'count', d.count],
    ['{"count":1e999}', 'count', d.count],
    ['{"count":null}', 'count', d.count],
    ['{"count":true}', 'count', d.count],
    ['{"count":[50]}', 'count', d.count],
    ['{"size":2.5}', 'size', 2.5],
    ['{"size":0}', 'size', 1],
    ['{"size":99}', 'size', 40],
    ['{"speed":1.234}', 'speed', 1.23],
    ['{"speed":0}', 'speed', 0.1],
    ['{"speed":-5}', 'speed', 0.1],
    ['{"speed":"Infinity"}', 'speed', d.speed],
    ['{"speed":-1e999}', 'speed', d.speed],
    ['{"shapes":["hexagon","circle"]}', 'shapes', ['circle', 'hexagon']],
    ['{"shapes":["circle","circle"]}', 'shapes', ['circle']],
    ['{"shapes":["star"]}', 'shapes', d.shapes],
    ['{"shapes":["circle","star"]}', 'shapes', d.shapes],
    ['{"shapes":[]}', 'shapes', d.shapes],
    ['{"shapes":"circle"}', 'shapes', d.shapes],
    ['{"waveCount":6}', 'waveCount', 6],
    ['{"waveCount":0}', 'waveCount', 1],
    ['{"waveCount":"3"}', 'waveCount', d.waveCount],
    ['{"amplitude":50}', 'amplitude', 50],
    ['{"amplitude":500}', 'amplitude', 100],
    ['{"amplitude":{}}', 'amplitude', d.amplitude],
  ])('%s → %s', (json, key, expected) => {
    expect(config('gradient', json)[key]).toEqual(expected);
  });

  it('resolves the light and dark colours', () => {
    expect(config('waves', '{}')).toMatchObject({ light: ANIMATION_DEFAULTS.waves.light, dark: ANIMATION_DEFAULTS.waves.dark });
    const both = config('waves', '{"colors":["#111","#222"]}');
    expect([both.light.colors, both.dark.colors]).toEqual([['#111', '#222'], ['#111', '#222']]);
    const variants = config('waves', '{"colors":["#111","#222"],"light":{"colors":["#eee","#ddd"]},"dark":{"colors":["#010101","#020202"]}}');
    expect(paletteFor(variants, false)).toEqual(['#eee', '#ddd']);
    expect(paletteFor(variants, true)).toEqual(['#010101', '#020202']);
    expect(variants.colors).toEqual(['#111', '#222']);
    for (const bad of ['"black"', '{"colors":["red"]}', '{"colors":"red"}', '[]', 'null']) {
      expect(config('waves', `{"dark":${bad}}`).dark).toEqual(ANIMATION_DEFAULTS.waves.dark);
    }
  });

  it('drops unknown keys and is not fooled by __proto__ or constructor', () => {
    const c = config('particles', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"count":20,"onload":"alert(1)"}');
    expect(c.count).toBe(20);
    expect(Object.keys(c).sort()).toEqual(['amplitude', 'colors', 'count', 'dark', 'direction', 'light', 'shapes', 'size', 'speed', 'waveCount']);
    expect(Object.getPrototypeOf(c)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('gives every type pleasant, valid defaults', () => {
    for (const { type } of ANIMATION_TYPES) {
      const c = ANIMATION_DEFAULTS[type];
      for (const colors of [c.colors, c.light.colors, c.dark.colors]) {
        expect(colors.length).toBeGreaterThanOrEqual(2);
        for (const colour of colors) expect(parseColor(colour)).toBe(colour);
      }
      expect(Object.isFrozen(c) && Object.isFrozen(c.colors) && Object.isFrozen(c.dark)).toBe(true);
    }
    const copy = animationDefaults('particles');
    copy.colors.push('#000');
    expect(ANIMATION_DEFAULTS.particles.colors).not.toContain('#000');
    expect(animationDefaults('particles')).toEqual(ANIMATION_DEFAULTS.particles);
  });
});

describe('parseCover', () => {
  it.each<[string | null | undefined, BackgroundDescriptor['kind'] | null]>([
    [null, null],
    [undefined, null],
    ['', null],
    ['color:#123456', 'color'],
    ['#123456', null],
    ['/uploads/3/cover.jpg', 'image'],
    [`data:image/webp;base64,${PNG_B64}`, 'image'],
    ['video:https://example.com/v', 'video'],
    ['https://example.com/v.mp4', 'video'],
    ['animation:gradient:{"colors":["#ff0000","#0000ff"]}', 'animation'],
    ['video:animation:particles', 'animation'],
    ['javascript:alert(1)', null],
    ['color:red;}', null],
  ])('%j → %s', (value, kind) => {
    expect(parseCover(value)?.kind ?? null).toBe(kind);
  });
});

describe('validateBackgroundInput (write: strict, canonical)', () => {
  it.each<[string, string, string]>([
    ['color', '#F9FAFB', '#f9fafb'],
    ['color', 'color:Red', 'red'],
    ['color', ' rgb(1, 2, 3) ', 'rgb(1,2,3)'],
    ['color', 'hsl(120deg 50% 50% / 0.5)', 'hsla(120,50%,50%,0.5)'],
    ['image', 'https://Example.com/a.png', 'https://example.com/a.png'],
    ['image', '/uploads/4/bg.webp', '/uploads/4/bg.webp'],
    ['image', 'data:image/PNG;base64,AAAA', 'data:image/png;base64,AAAA'],
    ['video', 'https://cdn.example.com/stream', 'video:https://cdn.example.com/stream'],
    ['video', 'https://cdn.example.com/a.webm', 'video:https://cdn.example.com/a.webm'],
    ['video', 'video:/uploads/3/a.mp4', 'video:/uploads/3/a.mp4'],
    ['video', 'video:animation:waves', 'video:animation:waves:{}'],
    ['animation', 'particles', 'animation:particles:{}'],
    ['animation', 'animation:geometry', 'animation:geometry:{}'],
    ['animation', 'video:animation:waves:{}', 'animation:waves:{}'],
    [
      'animation',
      'animation:gradient:{ "speed": 2, "foo": 1, "colors": ["#FFF", "Black"], "direction": "radial" }',
      'animation:gradient:{"colors":["#fff","black"],"direction":"radial","speed":2}',
    ],
    [
      'animation',
      'animation:geometry:{"dark":{"colors":["#111","#222"],"x":1},"shapes":["square","circle"],"count":20,"size":12.5}',
      'animation:geometry:{"count":20,"size":12.5,"shapes":["circle","square"],"dark":{"colors":["#111","#222"]}}',
    ],
    [
      'animation',
      'animation:waves:{"amplitude":5,"waveCount":6,"speed":0.1,"light":{"colors":["rgb(1, 2, 3)","#abc"]}}',
      'animation:waves:{"speed":0.1,"waveCount":6,"amplitude":5,"light":{"colors":["rgb(1,2,3)","#abc"]}}',
    ],
  ])('(%s, %j) → %j', (type, value, stored) => {
    expect(validateBackgroundInput(type, value)).toBe(stored);
    // Canonical is a fixed point, and it reads back as what was meant.
    expect(validateBackgroundInput(type, stored)).toBe(stored);
    const kind = stored.includes('animation:') ? 'animation' : type;
    expect(parseBackground(type, stored)?.kind).toBe(kind);
  });

  it.each<[unknown, unknown, Record<string, string>]>([
    ['color', 'red;}</style>', { background_value: messages.invalidColor }],
    ['color', '#fff;background:url(javascript:alert(1))', { background_value: messages.invalidColor }],
    ['color', 'expression(alert(1))', { background_value: messages.invalidColor }],
    ['color', 'https://example.com/a.png', { background_value: messages.invalidColor }],
    ['color', 'animation:gradient', { background_value: messages.invalidColor }],
    ['image', 'javascript:alert(1)', { background_value: messages.invalidImage }],
    ['image', 'https://example.com/v.mp4', { background_value: messages.invalidImage }],
    ['image', 'color:#fff', { background_value: messages.invalidImage }],
    ['image', '#fff', { background_value: messages.invalidImage }],
    ['image', 'data:image/svg+xml;base64,PHN2Zz4=', { background_value: messages.invalidImage }],
    ['image', `data:image/png;base64,${'A'.repeat(TWO_MB + 4)}`, { background_value: messages.imageTooLarge }],
    ['video', '/uploads/3/a.jpg', { background_value: messages.invalidVideo }],
    ['video', 'javascript:alert(1)', { background_value: messages.invalidVideo }],
    ['video', 'color:red', { background_value: messages.invalidVideo }],
    ['animation', 'animation:nope', { background_value: messages.invalidAnimation }],
    ['animation', '#fff', { background_value: messages.invalidAnimation }],
    ['animation', 'animation:gradient:{"count":1000}', { background_value: messages.invalidAnimation }],
    ['animation', 'animation:gradient:{"count":"50"}', { background_value: messages.invalidAnimation }],
    ['animation', 'animation:gradient:{"count":12.5}', { background_value: messages.invalidAnimation }],
    ['animation', 'animation:gradient:{"speed":0}', { background_value: messages.invalidAnimation }],
    ['animation', 'animation:gradient:{"colors":["#f00"]}', { background_value: messages.invalidAnimation }],
    ['animation', 'animation:gradient:{"colors":["#f00","red;}"]}', { background_value: messages.invalidAnimation }],
    ['animation', 'animation:gradient:{"direction":"up"}', { background_value: messages.invalidAnimation }],
    ['animation', 'animation:gradient:{"shapes":["star"]}', { background_value: messages.invalidAnimation }],
    ['animation', 'animation:gradient:{"dark":5}', { background_value: messages.invalidAnimation }],
    ['animation', 'animation:gradient:{"light":{"colors":["red"]}}', { background_value: messages.invalidAnimation }],
    ['animation', 'animation:gradient:[]', { background_value: messages.invalidAnimation }],
    ['animation', `animation:gradient:{"p":"${'x'.repeat(10 * 1024)}"}`, { background_value: messages.invalidAnimation }],
    ['animation', 'animation:gradient:{"a":{"b":{"c":[1]}}}', { background_value: messages.invalidAnimation }],
    ['color', '', { background_value: messages.empty }],
    ['color', '   ', { background_value: messages.empty }],
    ['color', 42, { background_value: messages.empty }],
    ['color', null, { background_value: messages.empty }],
    ['bogus', '#fff', { background_type: messages.invalidType }],
    [undefined, '#fff', { background_type: messages.invalidType }],
    ['COLOR', '#fff', { background_type: messages.invalidType }],
  ])('(%j, %j) is refused', (type, value, fields) => {
    expect(fieldsOf(() => validateBackgroundInput(type, value))).toEqual(fields);
  });

  it('answers in Turkish with status 422', () => {
    let caught: unknown;
    try {
      validateBackgroundInput('color', 'nope');
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect((caught as ValidationError).status).toBe(422);
    expect((caught as ValidationError).message).toBe('Geçersiz renk değeri.');
    expect(messages.invalidAnimation).toBe('Geçersiz animasyon ayarı.');
    expect(messages.invalidImage).toBe('Geçersiz görsel adresi.');
  });
});

describe('validateCoverInput', () => {
  it.each<[unknown, string | null]>([
    ['', null],
    [null, null],
    [undefined, null],
    ['color:#FFF', 'color:#fff'],
    ['/uploads/2/cover.jpg', '/uploads/2/cover.jpg'],
    ['https://example.com/v.webm', 'video:https://example.com/v.webm'],
    ['video:animation:gradient', 'animation:gradient:{}'],
    ['animation:waves:{"waveCount":2}', 'animation:waves:{"waveCount":2}'],
  ])('%j → %j', (value, stored) => {
    expect(validateCoverInput(value)).toBe(stored);
  });

  it.each<[string, string]>([
    ['#fff', messages.invalidImage],
    ['javascript:alert(1)', messages.invalidImage],
    ['color:red;}', messages.invalidColor],
    ['video:javascript:alert(1)', messages.invalidVideo],
    ['animation:gradient:{"count":"x"}', messages.invalidAnimation],
  ])('%j is refused', (value, message) => {
    expect(fieldsOf(() => validateCoverInput(value))).toEqual({ cover_photo: message });
  });
});

describe('picker choices', () => {
  it('offers 12 colour presets, the default first, each valid with a Turkish name', () => {
    expect(COLOR_PRESETS).toHaveLength(12);
    expect(COLOR_PRESETS[0]?.value).toBe(DEFAULT_BACKGROUND_COLOR);
    expect(new Set(COLOR_PRESETS.map((p) => p.value)).size).toBe(12);
    expect(new Set(COLOR_PRESETS.map((p) => p.name)).size).toBe(12);
    for (const preset of COLOR_PRESETS) {
      expect(parseColor(preset.value)).toBe(preset.value);
      expect(parseColor(preset.dark)).toBe(preset.dark);
      expect(preset.name.trim()).not.toBe('');
      expect(validateBackgroundInput('color', preset.value)).toBe(preset.value);
    }
  });

  it('offers the four animation types with Turkish labels', () => {
    expect(ANIMATION_TYPES.map((t) => [t.type, t.label])).toEqual([
      ['gradient', 'Renk Geçişi'],
      ['particles', 'Parçacıklar'],
      ['waves', 'Dalgalar'],
      ['geometry', 'Geometri'],
    ]);
  });
});
