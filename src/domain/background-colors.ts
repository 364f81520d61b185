/**
 * Colours for backgrounds, covers and animations. They end up inside a CSS block whose hash the
 * CSP allows, so every colour passes a strict grammar and is re-emitted in a canonical form: no
 * free text ever reaches the stylesheet.
 */
import { COLOR_MAX_LENGTH } from '../shared/animation-config.js';

/** CSS Color 4 named colours (plus transparent); anything else named is refused. */
const NAMED_COLORS: ReadonlySet<string> = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown ' +
    'burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan ' +
    'darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid ' +
    'darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet ' +
    'deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ' +
    'ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki ' +
    'lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow ' +
    'lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray ' +
    'lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine ' +
    'mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise ' +
    'mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab ' +
    'orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru ' +
    'pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown ' +
    'seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan ' +
    'teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen transparent'
  ).split(' '),
);

const N = '(\\d{1,3}(?:\\.\\d{1,4})?|\\.\\d{1,4})';
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB_COMMAS = new RegExp(
  `^rgba?\\(\\s*${N}(%?)\\s*,\\s*${N}(%?)\\s*,\\s*${N}(%?)\\s*(?:,\\s*${N}(%?)\\s*)?\\)$`,
  'i',
);
const RGB_SPACES = new RegExp(`^rgba?\\(\\s*${N}(%?)\\s+${N}(%?)\\s+${N}(%?)\\s*(?:\\/\\s*${N}(%?)\\s*)?\\)$`, 'i');
const HSL_COMMAS = new RegExp(
  `^hsla?\\(\\s*${N}(?:deg)?\\s*,\\s*${N}%\\s*,\\s*${N}%\\s*(?:,\\s*${N}(%?)\\s*)?\\)$`,
  'i',
);
const HSL_SPACES = new RegExp(`^hsla?\\(\\s*${N}(?:deg)?\\s+${N}%\\s+${N}%\\s*(?:\\/\\s*${N}(%?)\\s*)?\\)$`, 'i');

/** "010.50" → "10.5": one spelling per number keeps the CSS (and its hash) deterministic. */
function tidy(n: string): string {
  return String(Number(n));
}

function alphaOf(value: string | undefined, percent: string | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (percent ? n > 100 : n > 1) return null;
  return tidy(value) + (percent ?? '');
}

function rgbOf(m: RegExpExecArray): string | null {
  const parts: string[] = [];
  for (let i = 1; i <= 5; i += 2) {
    const value = m[i] ?? '';
    const percent = m[i + 1] ?? '';
    if (Number(value) > (percent ? 100 : 255)) return null;
    parts.push(tidy(value) + percent);
  }
  const alpha = alphaOf(m[7], m[8]);
  if (alpha === null) return null;
  return alpha === undefined ? `rgb(${parts.join(',')})` : `rgba(${parts.join(',')},${alpha})`;
}

function hslOf(m: RegExpExecArray): string | null {
  const [hue, sat, light] = [m[1] ?? '', m[2] ?? '', m[3] ?? ''];
  if (Number(hue) > 360 || Number(sat) > 100 || Number(light) > 100) return null;
  const alpha = alphaOf(m[4], m[5]);
  if (alpha === null) return null;
  const hsl = `${tidy(hue)},${tidy(sat)}%,${tidy(light)}%`;
  return alpha === undefined ? `hsl(${hsl})` : `hsla(${hsl},${alpha})`;
}

/**
 * A colour in its canonical spelling (lower case, no spaces), or null. The canonical form only
 * ever contains `#a-z0-9(),.%`, which is what makes it safe to place in CSS.
 */
export function parseColor(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > COLOR_MAX_LENGTH) return null;
  const v = value.trim().toLowerCase();
  if (HEX.test(v)) return v;
  if (NAMED_COLORS.has(v)) return v;
  const rgb = RGB_COMMAS.exec(v) ?? RGB_SPACES.exec(v);
  if (rgb) return rgbOf(rgb);
  const hsl = HSL_COMMAS.exec(v) ?? HSL_SPACES.exec(v);
  if (hsl) return hslOf(hsl);
  return null;
}
