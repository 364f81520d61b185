import { describe, expect, it } from 'vitest';
import { ANIMATION_DEFAULTS } from '../../../src/domain/background-animation.js';
import { ANIMATION_TYPES } from '../../../src/shared/background-choices.js';
import { parseBackground, parseCover, type BackgroundDescriptor } from '../../../src/domain/background.js';

const PNG_B64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';
const TWO_MB = 2 * 1024 * 1024;

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
      for (const value of [
        `animation:${type}`,
        `animation:${type}:`,
        `animation:${type}:{}`,
        `video:animation:${type}:{}`,
      ]) {
        expect(parseBackground('animation', value)).toEqual({
          kind: 'animation',
          type,
          config: ANIMATION_DEFAULTS[type],
        });
      }
    }
    expect(parseBackground('video', 'video:animation:waves:{"waveCount":4}')).toMatchObject({
      kind: 'animation',
      type: 'waves',
      config: { waveCount: 4 },
    });
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
    expect(parseBackground('animation', `animation:particles:${json(fits).replace('xx', 'ş')}`)).toMatchObject({
      config: { count: 20 },
    });
    expect(parseBackground('animation', `animation:particles:${json(fits).replace('x', 'ş')}`)).toBeNull();
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
