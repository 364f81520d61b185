/**
 * Canvas background animations for the public page: particles, waves, geometry. The config is
 * the server's resolved AnimationConfig (src/domain/background-animation.ts) read from a data
 * attribute, so every field is checked again here against the shared limits and defaults
 * (src/shared/animation-config.ts), and the cost is capped for cheap phones: at most 150
 * particles (fewer on small screens), about 30 frames a second, a device pixel ratio of at
 * most 2, nothing while the tab is hidden, one still frame for reduced motion.
 */
import {
  ANIMATION_LIMITS,
  ANIMATION_TYPE_DEFAULTS,
  COLOR_MAX_LENGTH,
  type Range,
} from '../../src/shared/animation-config.js';

export type CanvasAnimationType = 'particles' | 'waves' | 'geometry';

export interface CanvasAnimationConfig {
  colors?: string[];
  count?: number;
  size?: number;
  speed?: number;
  shapes?: string[];
  waveCount?: number;
  amplitude?: number;
  light?: { colors?: string[] };
  dark?: { colors?: string[] };
}

export interface StartOptions {
  /** The page's theme; without it the visitor's colour scheme decides. */
  dark?: boolean;
}

interface Item {
  x: number;
  y: number;
  vx: number;
  vy: number;
  r: number;
  c: string;
  a: number;
  va: number;
  sides: number;
}

const FRAME_MS = 32;
const LINK_PX = 110;
const SIDES: Record<string, number> = { circle: 0, square: 4, triangle: 3, hexagon: 6 };

function num(v: unknown, fallback: number, { min, max }: Range): number {
  return typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : fallback;
}

function strings(v: unknown): string[] {
  return Array.isArray(v)
    ? v
        .filter((s): s is string => typeof s === 'string' && s.length <= COLOR_MAX_LENGTH)
        .slice(0, ANIMATION_LIMITS.colors.max)
    : [];
}

const media = (query: string): boolean => typeof matchMedia === 'function' && matchMedia(query).matches;

/**
 * Starts an animation on `canvas` (sized by CSS; full-page or any box). Returns stop(), which
 * ends the loop, removes the listeners and clears the canvas.
 */
export function startBackgroundAnimation(
  canvas: HTMLCanvasElement,
  type: CanvasAnimationType,
  config: CanvasAnimationConfig = {},
  options: StartOptions = {},
): () => void {
  const ctx = canvas.getContext('2d');
  if (!ctx || !(type in { particles: 1, waves: 1, geometry: 1 })) return () => undefined;
  const defaults = ANIMATION_TYPE_DEFAULTS[type];
  const dark = options.dark ?? media('(prefers-color-scheme: dark)');
  const variant = strings((dark ? config.dark : config.light)?.colors);
  const given = variant.length ? variant : strings(config.colors);
  const colors = given.length ? given : [...(dark ? defaults.dark : defaults.light)];
  const speed = num(config.speed, defaults.speed, ANIMATION_LIMITS.speed);
  const size = num(config.size, defaults.size, ANIMATION_LIMITS.size);
  const waveCount = Math.round(num(config.waveCount, defaults.waveCount, ANIMATION_LIMITS.waveCount));
  const amplitude = num(config.amplitude, defaults.amplitude, ANIMATION_LIMITS.amplitude);
  const sides = strings(config.shapes)
    .map((s) => SIDES[s])
    .filter((s): s is number => s !== undefined);
  const reduced = media('(prefers-reduced-motion: reduce)');

  let w = 0;
  let h = 0;
  let t = 0;
  let items: Item[] = [];
  const rand = Math.random;

  // Positions are fractions of the canvas so a resize (a phone's URL bar) does not reshuffle.
  const seed = () => {
    const wanted = num(config.count, defaults.count, ANIMATION_LIMITS.count);
    // Fewer on small screens: a phone gets about a third of what a laptop shows.
    const n = Math.round(
      Math.min(
        type === 'geometry' ? ANIMATION_LIMITS.geometryShapes : ANIMATION_LIMITS.count.max,
        wanted * Math.min(1, Math.max(0.35, (w * h) / (1280 * 800))),
      ),
    );
    items = Array.from({ length: n }, (_, i) => ({
      x: rand(),
      y: rand(),
      vx: (rand() - 0.5) * 0.04,
      vy: (rand() - 0.5) * 0.04,
      r: type === 'geometry' ? size * (0.6 + rand() * 0.8) : Math.max(1, size * (0.5 + rand())),
      c: colors[i % colors.length] ?? '#888',
      a: rand() * Math.PI * 2,
      va: (rand() - 0.5) * 0.6,
      sides: sides.length ? (sides[i % sides.length] ?? 0) : ([0, 4, 3, 6][i % 4] ?? 0),
    }));
  };

  const move = (dt: number) => {
    for (const p of items) {
      p.x = (p.x + p.vx * dt + 1) % 1;
      p.y = (p.y + p.vy * dt + 1) % 1;
      p.a += p.va * dt;
    }
  };

  const drawParticles = () => {
    ctx.lineWidth = 1;
    for (let i = 0; i < items.length; i++) {
      const p = items[i]!;
      for (let j = i + 1; j < items.length; j++) {
        const q = items[j]!;
        const dx = (p.x - q.x) * w;
        const dy = (p.y - q.y) * h;
        const d2 = dx * dx + dy * dy;
        if (d2 > LINK_PX * LINK_PX) continue;
        ctx.globalAlpha = (1 - d2 / (LINK_PX * LINK_PX)) * 0.35;
        ctx.strokeStyle = p.c;
        ctx.beginPath();
        ctx.moveTo(p.x * w, p.y * h);
        ctx.lineTo(q.x * w, q.y * h);
        ctx.stroke();
      }
    }
    ctx.globalAlpha = 0.8;
    for (const p of items) {
      ctx.fillStyle = p.c;
      ctx.beginPath();
      ctx.arc(p.x * w, p.y * h, p.r, 0, Math.PI * 2);
      ctx.fill();
    }
  };

  const drawWaves = () => {
    for (let i = 0; i < waveCount; i++) {
      ctx.globalAlpha = 0.3 + 0.3 / waveCount;
      ctx.fillStyle = colors[i % colors.length] ?? '#888';
      ctx.beginPath();
      ctx.moveTo(0, h);
      const base = h * (0.55 + (0.35 * i) / waveCount);
      for (let x = 0; x <= w + 16; x += 16) {
        ctx.lineTo(x, base + Math.sin(x / (160 + i * 50) + t * (0.8 + i * 0.3) + i * 1.7) * amplitude * (1 - i * 0.1));
      }
      ctx.lineTo(w, h);
      ctx.closePath();
      ctx.fill();
    }
  };

  const drawGeometry = () => {
    ctx.lineWidth = 2;
    ctx.globalAlpha = 0.55;
    for (const g of items) {
      const cx = g.x * w;
      const cy = g.y * h;
      ctx.strokeStyle = g.c;
      ctx.beginPath();
      if (g.sides === 0) ctx.arc(cx, cy, g.r, 0, Math.PI * 2);
      else
        for (let k = 0; k <= g.sides; k++) {
          const angle = g.a + (k * Math.PI * 2) / g.sides;
          ctx.lineTo(cx + Math.cos(angle) * g.r, cy + Math.sin(angle) * g.r);
        }
      ctx.stroke();
    }
  };

  const draw = () => {
    ctx.clearRect(0, 0, w, h);
    if (type === 'particles') drawParticles();
    else if (type === 'waves') drawWaves();
    else drawGeometry();
    ctx.globalAlpha = 1;
  };

  const resize = () => {
    const dpr = Math.min(window.devicePixelRatio || 1, 2);
    w = canvas.clientWidth || window.innerWidth;
    h = canvas.clientHeight || window.innerHeight;
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    if (!items.length) seed();
    draw(); // resizing clears the canvas, also when paused or still
  };

  let raf = 0;
  let last = 0;
  let running = false;
  const frame = (now: number) => {
    raf = requestAnimationFrame(frame);
    if (now - last < FRAME_MS) return;
    const dt = (Math.min(now - last, 100) / 1000) * speed; // a long stall does not teleport
    last = now;
    t += dt;
    move(dt);
    draw();
  };
  const play = () => {
    if (running || reduced || document.hidden) return;
    running = true;
    last = performance.now();
    raf = requestAnimationFrame(frame);
  };
  const pause = () => {
    running = false;
    cancelAnimationFrame(raf);
  };
  const onVisibility = () => (document.hidden ? pause() : play());

  resize();
  window.addEventListener('resize', resize);
  document.addEventListener('visibilitychange', onVisibility);
  play();

  return () => {
    pause();
    window.removeEventListener('resize', resize);
    document.removeEventListener('visibilitychange', onVisibility);
    ctx.clearRect(0, 0, w, h);
  };
}
