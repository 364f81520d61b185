/**
 * The public page's one inline `<style>` block, made from a parsed background/cover. Its SHA-256
 * goes into the response's CSP, so it must be deterministic (same input, same bytes) and may
 * only contain values that passed parseColor() here again, whatever the descriptor says: the
 * descriptor is a plain object and could have been built by hand. Image and video URLs never
 * appear here; the page shows them as <img>/<video>.
 *
 * Classes the template uses (public/css/profile.css positions them):
 *   .bg-anim--gradient  the full-page gradient layer inside .page-bg
 *   .cover              the cover area; a colour or animation cover paints it directly (a
 *                       particles, waves or geometry cover gets a soft backdrop of its colours
 *                       here, and the page's script draws the animation on a canvas over it)
 */
import {
  ANIMATION_LIMITS,
  isAnimationType,
  isGradientDirection,
  type GradientDirection,
} from '../shared/animation-config.js';
import { GRADIENT_AXIS, gradientImage, gradientSeconds } from '../shared/animated-gradient.js';
import { ANIMATION_DEFAULTS } from './background-animation.js';
import { parseColor } from './background-colors.js';
import { DEFAULT_BACKGROUND_COLOR, DEFAULT_DARK_BACKGROUND_COLOR } from '../shared/background-choices.js';
import { COLOR_PRESETS } from '../shared/background-choices.js';
import type { BackgroundDescriptor } from './background.js';

export interface CssOptions {
  /** The owner's dark mode (profile.darkMode). */
  dark: boolean;
}

interface CssParts {
  rootVars: string[];
  rules: string[];
}

const SAFE_COLOR = /^[#a-z0-9(),.%]+$/;

/** A colour fit for CSS, or null: re-validated even though the parser already did. */
function cssColor(value: unknown): string | null {
  const color = parseColor(value);
  return color !== null && SAFE_COLOR.test(color) ? color : null;
}

function cssColors(values: unknown, fallback: readonly string[]): string[] {
  const colors = Array.isArray(values) ? values.map(cssColor).filter((c): c is string => c !== null) : [];
  return colors.length >= ANIMATION_LIMITS.colors.min ? colors.slice(0, ANIMATION_LIMITS.colors.max) : [...fallback];
}

/** The @keyframes that slide the oversized gradient along its axis. */
const MOTION: Record<'x' | 'y' | 'xy', { name: string; from: string; to: string }> = {
  x: { name: 'vz-grad-x', from: '0% 50%', to: '100% 50%' },
  y: { name: 'vz-grad-y', from: '50% 0%', to: '50% 100%' },
  xy: { name: 'vz-grad-xy', from: '0% 0%', to: '100% 100%' },
};

function directionOf(value: unknown): GradientDirection {
  return isGradientDirection(value) ? value : 'diagonal';
}

function animatedGradient(selector: string, colors: string[], direction: GradientDirection, speed: unknown): string[] {
  const motion = MOTION[GRADIENT_AXIS[direction]];
  return [
    `${selector}{background-color:${colors[0]};background-image:${gradientImage(colors, direction)};` +
      `background-size:400% 400%;animation:${motion.name} ${gradientSeconds(speed)}s ease-in-out infinite}`,
    `@keyframes ${motion.name}{0%,100%{background-position:${motion.from}}50%{background-position:${motion.to}}}`,
    `@media (prefers-reduced-motion:reduce){${selector}{animation:none}}`,
  ];
}

/** The colours an animation descriptor draws with on this page, re-validated. */
function animationColors(descriptor: Extract<BackgroundDescriptor, { kind: 'animation' }>, dark: boolean): string[] {
  const type = isAnimationType(descriptor.type) ? descriptor.type : 'gradient';
  const defaults = ANIMATION_DEFAULTS[type];
  const palette = dark ? descriptor.config?.dark : descriptor.config?.light;
  return cssColors(palette?.colors ?? descriptor.config?.colors, dark ? defaults.dark.colors : defaults.light.colors);
}

/** In dark mode a preset colour turns into its dark twin; any other colour is the owner's call. */
function pageColor(color: string, dark: boolean): string {
  if (!dark) return color;
  return COLOR_PRESETS.find((preset) => preset.value === color)?.dark ?? color;
}

function backgroundParts(descriptor: BackgroundDescriptor | null, dark: boolean): CssParts {
  const themeDefault = dark ? DEFAULT_DARK_BACKGROUND_COLOR : DEFAULT_BACKGROUND_COLOR;
  if (!descriptor) return { rootVars: [], rules: [] };
  if (descriptor.kind === 'color') {
    const color = cssColor(descriptor.color);
    return { rootVars: [`--page-bg:${color ? pageColor(color, dark) : themeDefault}`], rules: [] };
  }
  if (descriptor.kind === 'animation' && descriptor.type === 'gradient') {
    const colors = animationColors(descriptor, dark);
    return {
      rootVars: [`--page-bg:${colors[0] ?? themeDefault}`],
      rules: animatedGradient(
        '.bg-anim--gradient',
        colors,
        directionOf(descriptor.config?.direction),
        descriptor.config?.speed,
      ),
    };
  }
  // Image, video and canvas animations: the theme's colour shows until they paint.
  return { rootVars: [`--page-bg:${themeDefault}`], rules: [] };
}

/**
 * Under a canvas cover: its first two colours, faded into the theme's background, so the
 * animation drawn in those colours stands out (and the cover is not blank without JavaScript).
 */
function canvasBackdrop(colors: string[], dark: boolean): string {
  const base = dark ? DEFAULT_DARK_BACKGROUND_COLOR : '#ffffff';
  const share = dark ? 35 : 22;
  const [first = base, second = first] = colors;
  const fade = (color: string) => `color-mix(in srgb,${color} ${share}%,${base})`;
  return `.cover{background:linear-gradient(135deg,${fade(first)},${fade(second)})}`;
}

function coverParts(descriptor: BackgroundDescriptor | null, dark: boolean): CssParts {
  if (!descriptor) return { rootVars: [], rules: [] };
  if (descriptor.kind === 'color') {
    const color = cssColor(descriptor.color);
    return { rootVars: [], rules: color ? [`.cover{background:${color}}`] : [] };
  }
  if (descriptor.kind === 'animation' && descriptor.type === 'gradient') {
    return {
      rootVars: [],
      rules: animatedGradient(
        '.cover',
        animationColors(descriptor, dark),
        directionOf(descriptor.config?.direction),
        descriptor.config?.speed,
      ),
    };
  }
  if (descriptor.kind === 'animation')
    return { rootVars: [], rules: [canvasBackdrop(animationColors(descriptor, dark), dark)] };
  return { rootVars: [], rules: [] };
}

/** Joins parts into one block; a rule both parts need (the shared @keyframes) appears once. */
function render(parts: CssParts[]): string {
  const vars = parts.flatMap((p) => p.rootVars);
  const rules = [...new Set(parts.flatMap((p) => p.rules))];
  return (vars.length ? `:root{${vars.join(';')}}` : '') + rules.join('');
}

/**
 * CSS for the page background: `:root{--page-bg:…}` plus, for the gradient animation, the
 * `.bg-anim--gradient` rule, its @keyframes and a reduced-motion stop. '' for null (the
 * stylesheet's defaults apply).
 */
export function backgroundCss(descriptor: BackgroundDescriptor | null, options: CssOptions): string {
  return render([backgroundParts(descriptor, options.dark)]);
}

/** CSS for the cover: `.cover{background:…}` for a colour or animation; '' otherwise. */
export function coverCss(descriptor: BackgroundDescriptor | null, options: CssOptions): string {
  return render([coverParts(descriptor, options.dark)]);
}

/** Background and cover in one block, since the page may have only one inline style. */
export function profileCss(
  background: BackgroundDescriptor | null,
  cover: BackgroundDescriptor | null,
  options: CssOptions,
): string {
  return render([backgroundParts(background, options.dark), coverParts(cover, options.dark)]);
}
