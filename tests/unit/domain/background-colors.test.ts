import { describe, expect, it } from 'vitest';
import { parseColor } from '../../../src/domain/background-colors.js';

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
