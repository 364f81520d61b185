import { describe, expect, it } from 'vitest';
import {
  ANIMATION_DEFAULTS,
  animationDefaults,
  type AnimationConfig,
} from '../../../src/domain/background-animation.js';
import { parseColor } from '../../../src/domain/background-colors.js';
import { COLOR_PRESETS } from '../../../src/shared/background-choices.js';
import { parseBackground, parseCover, type BackgroundDescriptor } from '../../../src/domain/background.js';
import { backgroundCss, coverCss, profileCss } from '../../../src/domain/background-css.js';

const light = { dark: false };
const dark = { dark: true };

function gradient(overrides: Partial<AnimationConfig>): BackgroundDescriptor {
  return { kind: 'animation', type: 'gradient', config: { ...animationDefaults('gradient'), ...overrides } };
}

// One colour token as the generator writes it (canonical: no spaces).
const C = '(?:#[0-9a-f]{3,8}|(?:rgba?|hsla?)\\([0-9.,%]+\\)|[a-z]+)';
const SELECTOR = '(?:\\.bg-anim--gradient|\\.cover)';
const STATEMENTS = [
  `:root\\{--page-bg:${C}\\}`,
  `\\.cover\\{background:${C}\\}`,
  `\\.cover\\{background:linear-gradient\\(135deg,color-mix\\(in srgb,${C} ` +
    `\\d{1,2}%,#[0-9a-f]{6}\\),color-mix\\(in srgb,${C} \\d{1,2}%,#[0-9a-f]{6}\\)\\)\\}`,
  `${SELECTOR}\\{background-color:${C};background-image:(?:linear-gradient\\((?:90|135|180)` +
    `deg|radial-gradient\\(circle),${C}(?:,${C}){2,6}\\);background-size:400% 400%;animation:vz-grad-(?:x|y|xy) ` +
    `\\d{1,3}s ease-in-out infinite\\}`,
  `@keyframes vz-grad-(?:x|y|xy)\\{0%,100%\\{background-position:\\d{1,3}% ` +
    `\\d{1,3}%\\}50%\\{background-position:\\d{1,3}% \\d{1,3}%\\}\\}`,
  `@media \\(prefers-reduced-motion:reduce\\)\\{${SELECTOR}\\{animation:none\\}\\}`,
];
const STATEMENT = new RegExp(`^(?:${STATEMENTS.join('|')})`);

const FORBIDDEN = [
  '<',
  '>',
  '"',
  "'",
  '\\',
  '/*',
  'url(',
  'expression',
  'javascript',
  '@import',
  'var(',
  '!important',
  'attr(',
];

/**
 * Why `css` is unsafe, or null. Safe means nothing but the known statements, with canonical
 * colours in the slots: so no `<`, `>`, quotes, `url(`, `expression`, `javascript`, comments or
 * stray `}` can appear. (A plain function, so the fuzz loops stay fast.)
 */
function cssProblem(css: string): string | null {
  for (const bad of FORBIDDEN) if (css.includes(bad)) return `contains ${bad}: ${css}`;
  if (!/^[a-z0-9#:;{}(),.%@ -]*$/.test(css)) return `unexpected character: ${css}`;
  let rest = css;
  while (rest) {
    const m = STATEMENT.exec(rest);
    if (!m) return `unexpected CSS at: ${rest.slice(0, 120)}`;
    rest = rest.slice(m[0].length);
  }
  for (const token of css.match(/#[0-9a-f]+|(?:rgba?|hsla?)\([0-9.,%]+\)/g) ?? []) {
    if (parseColor(token) !== token) return `not a canonical colour: ${token}`;
  }
  return css.split('{').length === css.split('}').length ? null : `unbalanced braces: ${css}`;
}

function expectSafeCss(css: string): void {
  expect(cssProblem(css)).toBeNull();
}

describe('backgroundCss', () => {
  it.each<[string, BackgroundDescriptor | null, { dark: boolean }, string]>([
    ['default', null, light, ''],
    ['default, dark', null, dark, ''],
    ['colour', { kind: 'color', color: '#abcdef' }, light, ':root{--page-bg:#abcdef}'],
    ['colour, dark: not a preset, kept', { kind: 'color', color: '#abcdef' }, dark, ':root{--page-bg:#abcdef}'],
    ['default colour, dark', { kind: 'color', color: '#f9fafb' }, dark, ':root{--page-bg:#0b0e14}'],
    ['rgb colour', { kind: 'color', color: 'rgba(1,2,3,0.5)' }, light, ':root{--page-bg:rgba(1,2,3,0.5)}'],
    ['image', { kind: 'image', url: '/uploads/1/a.jpg' }, light, ':root{--page-bg:#f9fafb}'],
    ['image, dark', { kind: 'image', url: '/uploads/1/a.jpg' }, dark, ':root{--page-bg:#0b0e14}'],
    ['video', { kind: 'video', url: 'https://example.com/a.mp4' }, light, ':root{--page-bg:#f9fafb}'],
    [
      'particles',
      { kind: 'animation', type: 'particles', config: animationDefaults('particles') },
      light,
      ':root{--page-bg:#f9fafb}',
    ],
    [
      'waves, dark',
      { kind: 'animation', type: 'waves', config: animationDefaults('waves') },
      dark,
      ':root{--page-bg:#0b0e14}',
    ],
    [
      'gradient to the right',
      gradient({
        colors: ['#ff0000', '#0000ff'],
        light: { colors: ['#ff0000', '#0000ff'] },
        direction: 'to-right',
        speed: 2,
      }),
      light,
      ':root{--page-bg:#ff0000}' +
        '.bg-anim--gradient{background-color:#ff0000;background-image:linear-gradient(90deg,#ff0000,#0000ff,' +
        '#ff0000);background-size:400% 400%;animation:vz-grad-x 10s ease-in-out infinite}' +
        '@keyframes vz-grad-x{0%,100%{background-position:0% 50%}50%{background-position:100% 50%}}' +
        '@media (prefers-reduced-motion:reduce){.bg-anim--gradient{animation:none}}',
    ],
  ])('%s', (_name, descriptor, options, css) => {
    expect(backgroundCss(descriptor, options)).toBe(css);
  });

  it('maps every preset to its dark twin in dark mode', () => {
    for (const preset of COLOR_PRESETS) {
      expect(backgroundCss({ kind: 'color', color: preset.value }, dark)).toBe(`:root{--page-bg:${preset.dark}}`);
      expect(backgroundCss({ kind: 'color', color: preset.value }, light)).toBe(`:root{--page-bg:${preset.value}}`);
    }
  });

  it.each<[AnimationConfig['direction'], string, string]>([
    ['to-right', 'linear-gradient(90deg,', 'vz-grad-x'],
    ['to-bottom', 'linear-gradient(180deg,', 'vz-grad-y'],
    ['diagonal', 'linear-gradient(135deg,', 'vz-grad-xy'],
    ['radial', 'radial-gradient(circle,', 'vz-grad-xy'],
  ])('gradient direction %s', (direction, image, keyframes) => {
    const css = backgroundCss(gradient({ direction }), light);
    expect(css).toContain(image);
    expect(css).toContain(`@keyframes ${keyframes}{`);
    expectSafeCss(css);
  });

  it.each<[number, string]>([
    [1, ' 20s '],
    [5, ' 4s '],
    [0.1, ' 200s '],
    [0.3, ' 67s '],
  ])('speed %s → duration%s', (speed, duration) => {
    expect(backgroundCss(gradient({ speed }), light)).toContain(duration);
  });

  it('uses the dark colours on a dark page, the light ones otherwise', () => {
    const d = gradient({ light: { colors: ['#eeeeee', '#dddddd'] }, dark: { colors: ['#111111', '#222222'] } });
    expect(backgroundCss(d, light)).toContain('linear-gradient(135deg,#eeeeee,#dddddd,#eeeeee)');
    expect(backgroundCss(d, dark)).toContain('linear-gradient(135deg,#111111,#222222,#111111)');
    expect(backgroundCss(d, dark)).toContain('--page-bg:#111111');
  });

  it('stops the animation for reduced motion', () => {
    expect(backgroundCss(gradient({}), light)).toContain(
      '@media (prefers-reduced-motion:reduce){.bg-anim--gradient{animation:none}}',
    );
  });

  it('is deterministic: the same stored value gives the same bytes', () => {
    const value =
      'animation:gradient:{"colors":["#F00","rgb(0, 0, 255)","hsl(120 50% 50%)"],"speed":1.5,"direction":"radial"}';
    const once = backgroundCss(parseBackground('animation', value), dark);
    expect(backgroundCss(parseBackground('animation', value), dark)).toBe(once);
    expect(once).toContain('radial-gradient(circle,#f00,rgb(0,0,255),hsl(120,50%,50%),#f00)');
    expectSafeCss(once);
  });

  it('stays small', () => {
    const sixColours = gradient({
      light: {
        colors: [
          'rgba(255,255,255,0.5)',
          'hsla(360,100%,100%,1)',
          '#ffffffff',
          '#000000',
          'lightgoldenrodyellow',
          'mediumspringgreen',
        ],
      },
    });
    expect(profileCss(sixColours, sixColours, light).length).toBeLessThan(1200);
  });
});

describe('coverCss and profileCss', () => {
  it.each<[string, BackgroundDescriptor | null, string]>([
    ['default', null, ''],
    ['image', { kind: 'image', url: '/uploads/1/c.jpg' }, ''],
    ['video', { kind: 'video', url: 'https://example.com/c.mp4' }, ''],
    ['colour', { kind: 'color', color: '#123456' }, '.cover{background:#123456}'],
  ])('%s', (_name, descriptor, css) => {
    expect(coverCss(descriptor, light)).toBe(css);
  });

  it('paints a gradient cover as the moving gradient of its colours', () => {
    const css = coverCss(gradient({ direction: 'to-bottom' }), dark);
    expect(css).toContain(`.cover{background-color:${ANIMATION_DEFAULTS.gradient.dark.colors[0]};`);
    expect(css).toContain('vz-grad-y');
    expect(css).toContain('@media (prefers-reduced-motion:reduce){.cover{animation:none}}');
    expectSafeCss(css);
  });

  it(
    'gives a canvas cover (particles, waves, geometry) a still backdrop of its first two colours, faded ' +
      'into the theme',
    () => {
      const particles: BackgroundDescriptor = {
        kind: 'animation',
        type: 'particles',
        config: animationDefaults('particles'),
      };
      const [d1, d2] = ANIMATION_DEFAULTS.particles.dark.colors;
      const [l1, l2] = ANIMATION_DEFAULTS.particles.light.colors;
      expect(coverCss(particles, dark)).toBe(
        `.cover{background:linear-gradient(135deg,color-mix(in srgb,${d1} 35%,#0b0e14),color-mix(in srgb,${d2} ` +
          `35%,#0b0e14))}`,
      );
      expect(coverCss(particles, light)).toBe(
        `.cover{background:linear-gradient(135deg,color-mix(in srgb,${l1} 22%,#ffffff),color-mix(in srgb,${l2} ` +
          `22%,#ffffff))}`,
      );
      const waves: BackgroundDescriptor = {
        kind: 'animation',
        type: 'waves',
        config: {
          ...animationDefaults('waves'),
          colors: ['red', 'rgb(1,2,3)'],
          light: { colors: ['red', 'rgb(1,2,3)'] },
        },
      };
      expect(coverCss(waves, light)).toContain(
        'color-mix(in srgb,red 22%,#ffffff),color-mix(in srgb,rgb(1,2,3) 22%,#ffffff)',
      );
      expectSafeCss(coverCss(waves, light));
    },
  );

  it('joins background and cover into one block, sharing @keyframes', () => {
    const css = profileCss(gradient({}), gradient({ light: { colors: ['#000000', '#ffffff'] } }), light);
    expect(css.startsWith(':root{--page-bg:')).toBe(true);
    expect(css.match(/@keyframes vz-grad-xy/g)).toHaveLength(1);
    expect(css).toContain('.bg-anim--gradient{');
    expect(css).toContain('.cover{');
    expectSafeCss(css);
    expect(profileCss({ kind: 'color', color: 'red' }, { kind: 'color', color: 'blue' }, light)).toBe(
      ':root{--page-bg:red}.cover{background:blue}',
    );
    expect(profileCss(null, null, dark)).toBe('');
  });
});

// ---------------------------------------------------------------------------------------------

const HOSTILE = [
  'red;}</style><script>alert(1)</script>',
  '#fff;background:url(javascript:alert(1))',
  'expression(alert(1))',
  'url(javascript:alert(1))',
  'url(https://evil.example.com/x.png)',
  '}body{display:none}',
  '</style>',
  '<script>alert(1)</script>',
  'red}',
  'red;',
  'red{',
  '@import "https://evil.example.com/x.css"',
  'var(--x)',
  'attr(title)',
  'red/*',
  '*/red',
  '\\7d',
  'red\\;',
  'rgb(1,2,3);}',
  'rgb(1,2,3)</style>',
  'rgb(1,2,3) url(x)',
  'javascript:alert(1)',
  '"onload="alert(1)',
  "'",
  '\u0000',
  '\n}\n',
  'red\n}',
  '\u2028',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '__proto__',
  'constructor',
  'radial',
  '#fff',
  'to-right',
  '{"colors":["red","blue"]}',
];

const TEMPLATES: ((v: string) => string)[] = [
  (v) => v,
  (v) => `color:${v}`,
  (v) => `color:#fff${v}`,
  (v) => `video:${v}`,
  (v) => `animation:${v}`,
  (v) => `animation:gradient:${v}`,
  (v) => `animation:gradient:${JSON.stringify({ colors: [v, '#fff'] })}`,
  (v) => `animation:gradient:${JSON.stringify({ colors: ['#fff', v, '#000'], direction: v, speed: v })}`,
  (v) => `animation:gradient:${JSON.stringify({ dark: { colors: [v, v] }, light: { colors: ['#fff', v] } })}`,
  (v) => `video:animation:particles:${JSON.stringify({ colors: [v, v], count: v, shapes: [v] })}`,
  (v) => `animation:gradient:{"colors":["${v}","#fff"]}`,
  (v) => `animation:gradient:{"direction":"${v}","speed":${v}}`,
];

/** Hand-built descriptors: backgroundCss must not trust what it is given. */
function forged(v: string): BackgroundDescriptor[] {
  const bad = v as never;
  const config: AnimationConfig = {
    ...animationDefaults('gradient'),
    colors: [v, v],
    direction: bad,
    speed: bad,
    light: { colors: [v, '#fff', v] },
    dark: { colors: [v, v] },
  };
  return [
    { kind: 'color', color: v },
    { kind: 'image', url: v },
    { kind: 'video', url: v },
    { kind: 'animation', type: 'gradient', config },
    { kind: 'animation', type: bad, config },
    { kind: 'animation', type: 'particles', config },
    { kind: 'animation', type: 'gradient', config: { ...config, light: bad, dark: bad, colors: bad } },
    { kind: 'animation', type: 'gradient', config: bad },
  ];
}

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

function allCss(descriptors: (BackgroundDescriptor | null)[]): string[] {
  const out: string[] = [];
  for (const d of descriptors) {
    for (const options of [light, dark]) {
      out.push(backgroundCss(d, options), coverCss(d, options), profileCss(d, d, options));
    }
  }
  return out;
}

describe('hostile input never escapes the style block', () => {
  it('the checker itself catches an escape', () => {
    expect(cssProblem(':root{--page-bg:red}')).toBeNull();
    expect(cssProblem(':root{--page-bg:red}}body{display:none}')).not.toBeNull();
    expect(cssProblem(':root{--page-bg:#fff;background:url(x)}')).not.toBeNull();
    expect(cssProblem(':root{--page-bg:rgb(1,2,300)}')).not.toBeNull();
    expect(cssProblem('</style>')).not.toBeNull();
  });

  it('parsed values', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const v of HOSTILE) {
      for (const template of TEMPLATES) {
        const value = template(v);
        for (const css of allCss([
          parseBackground('color', value),
          parseBackground('animation', value),
          parseCover(value),
        ])) {
          const problem = cssProblem(css);
          if (problem) problems.push(`${JSON.stringify(value)}: ${problem}`);
          checked++;
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(2500);
  });

  it('hand-built descriptors', () => {
    const problems: string[] = [];
    for (const v of HOSTILE) {
      for (const css of allCss(forged(v))) {
        const problem = cssProblem(css);
        if (problem) problems.push(`${JSON.stringify(v)}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('random strings from a dangerous alphabet', () => {
    const next = random(20261121);
    const alphabet = '<>{}()[];:\'"\\/*@!#%.,- \n\tabcdefghlrsuvx0123456789ABCDEF';
    const problems: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const length = 1 + Math.floor(next() * 40);
      let v = '';
      for (let k = 0; k < length; k++) v += alphabet[Math.floor(next() * alphabet.length)];
      // Now and then, start from something almost valid.
      if (i % 3 === 0) v = ['#fff', 'rgb(1,2,3)', 'red', 'hsl(1,2%,3%)'][i % 4] + v;
      const colour = parseColor(v);
      if (colour !== null && !/^[#a-z0-9(),.%]+$/.test(colour))
        problems.push(`colour ${JSON.stringify(v)} → ${colour}`);
      const template = TEMPLATES[i % TEMPLATES.length]!;
      const descriptors = [parseBackground('color', template(v)), parseCover(template(v)), ...forged(v)];
      for (const css of allCss(descriptors)) {
        const problem = cssProblem(css);
        if (problem) problems.push(`${JSON.stringify(v)}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
