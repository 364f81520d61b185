import { describe, expect, it } from 'vitest';
import {
  ANIMATION_DEFAULTS,
  animationDefaults,
  type AnimationConfig,
} from '../../../src/domain/background-animation.js';
import { parseColor } from '../../../src/domain/background-colors.js';
import { ANIMATION_TYPES } from '../../../src/shared/background-choices.js';
import { parseBackground } from '../../../src/domain/background.js';

function config(type: string, json: string): AnimationConfig {
  const d = parseBackground('animation', `animation:${type}:${json}`);
  if (d?.kind !== 'animation') throw new Error(`not an animation: ${json}`);
  return d.config;
}

describe('animation config fields (read: a bad key falls back to its default)', () => {
  const d = ANIMATION_DEFAULTS.gradient;

  it.each<[string, keyof AnimationConfig, unknown]>([
    ['{"colors":["#FF0000","#00f"]}', 'colors', ['#ff0000', '#00f']],
    [
      '{"colors":["#f00","#0f0","#00f","red","blue","rgb(1,2,3)"]}',
      'colors',
      ['#f00', '#0f0', '#00f', 'red', 'blue', 'rgb(1,2,3)'],
    ],
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
    expect(config('waves', '{}')).toMatchObject({
      light: ANIMATION_DEFAULTS.waves.light,
      dark: ANIMATION_DEFAULTS.waves.dark,
    });
    const both = config('waves', '{"colors":["#111","#222"]}');
    expect([both.light.colors, both.dark.colors]).toEqual([
      ['#111', '#222'],
      ['#111', '#222'],
    ]);
    const variants = config(
      'waves',
      '{"colors":["#111","#222"],"light":{"colors":["#eee","#ddd"]},"dark":{"colors":["#010101","#020202"]}}',
    );
    expect(variants.light.colors).toEqual(['#eee', '#ddd']);
    expect(variants.dark.colors).toEqual(['#010101', '#020202']);
    expect(variants.colors).toEqual(['#111', '#222']);
    for (const bad of ['"black"', '{"colors":["red"]}', '{"colors":"red"}', '[]', 'null']) {
      expect(config('waves', `{"dark":${bad}}`).dark).toEqual(ANIMATION_DEFAULTS.waves.dark);
    }
  });

  it('drops unknown keys and is not fooled by __proto__ or constructor', () => {
    const c = config(
      'particles',
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"count":20,"onload":"alert(1)"}',
    );
    expect(c.count).toBe(20);
    expect(Object.keys(c).sort()).toEqual([
      'amplitude',
      'colors',
      'count',
      'dark',
      'direction',
      'light',
      'shapes',
      'size',
      'speed',
      'waveCount',
    ]);
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
