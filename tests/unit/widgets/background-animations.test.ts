import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startBackgroundAnimation, type CanvasAnimationConfig } from '../../../widgets/profile/animations.js';

/** Just enough of a 2D context to count what a frame draws. */
class FakeContext {
  calls: Record<string, number> = {};
  fills: string[] = [];
  transform: number[] = [];
  globalAlpha = 1;
  lineWidth = 1;
  strokeStyle = '';
  private fill_ = '';
  set fillStyle(value: string) {
    this.fill_ = value;
    this.fills.push(value);
  }
  get fillStyle(): string {
    return this.fill_;
  }
  private count(name: string): void {
    this.calls[name] = (this.calls[name] ?? 0) + 1;
  }
  clearRect(): void {
    this.count('clearRect');
  }
  beginPath(): void {
    this.count('beginPath');
  }
  closePath(): void {}
  moveTo(): void {}
  lineTo(): void {
    this.count('lineTo');
  }
  arc(): void {
    this.count('arc');
  }
  fill(): void {
    this.count('fill');
  }
  stroke(): void {
    this.count('stroke');
  }
  setTransform(...args: number[]): void {
    this.transform = args;
  }
  reset(): void {
    this.calls = {};
    this.fills = [];
  }
}

type Listener = () => void;

let ctx: FakeContext;
let frames: Map<number, FrameRequestCallback>;
let nextId: number;
let cancelled: number[];
let windowListeners: Map<string, Listener>;
let documentListeners: Map<string, Listener>;
let doc: { hidden: boolean };
let reducedMotion: boolean;

function canvas(width: number, height: number): HTMLCanvasElement {
  return {
    clientWidth: width,
    clientHeight: height,
    width: 0,
    height: 0,
    getContext: () => ctx,
  } as unknown as HTMLCanvasElement;
}

/** Runs the pending animation frame at `now`. */
function runFrame(now: number): void {
  const pending = [...frames.entries()];
  frames.clear();
  for (const [, callback] of pending) callback(now);
}

beforeEach(() => {
  ctx = new FakeContext();
  frames = new Map();
  nextId = 1;
  cancelled = [];
  windowListeners = new Map();
  documentListeners = new Map();
  doc = { hidden: false };
  reducedMotion = false;
  vi.stubGlobal('window', {
    devicePixelRatio: 3,
    innerWidth: 1024,
    innerHeight: 768,
    addEventListener: (type: string, fn: Listener) => windowListeners.set(type, fn),
    removeEventListener: (type: string) => windowListeners.delete(type),
  });
  vi.stubGlobal(
    'document',
    Object.assign(doc, {
      addEventListener: (type: string, fn: Listener) => documentListeners.set(type, fn),
      removeEventListener: (type: string) => documentListeners.delete(type),
    }),
  );
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduced-motion') ? reducedMotion : false,
  }));
  vi.stubGlobal('requestAnimationFrame', (fn: FrameRequestCallback) => {
    const id = nextId++;
    frames.set(id, fn);
    return id;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    cancelled.push(id);
    frames.delete(id);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('startBackgroundAnimation', () => {
  it('draws one still frame and no loop for reduced motion', () => {
    reducedMotion = true;
    const stop = startBackgroundAnimation(canvas(800, 600), 'particles', { count: 40 });
    expect(ctx.calls.clearRect).toBe(1);
    expect(ctx.calls.arc).toBeGreaterThan(0);
    expect(frames.size).toBe(0);
    stop();
  });

  it('caps the pixel ratio at 2 and sizes the canvas by CSS pixels', () => {
    const c = canvas(400, 300);
    startBackgroundAnimation(c, 'waves', {});
    expect([c.width, c.height]).toEqual([800, 600]);
    expect(ctx.transform).toEqual([2, 0, 0, 2, 0, 0]);
  });

  it('caps particles at 150, and shows fewer on a phone', () => {
    reducedMotion = true;
    startBackgroundAnimation(canvas(2560, 1440), 'particles', { count: 1000 });
    expect(ctx.calls.arc).toBe(150);
    ctx.reset();
    startBackgroundAnimation(canvas(390, 844), 'particles', { count: 150 });
    expect(ctx.calls.arc).toBeLessThan(60);
    expect(ctx.calls.arc).toBeGreaterThanOrEqual(5);
  });

  it('throttles to about 30 frames a second', () => {
    startBackgroundAnimation(canvas(800, 600), 'geometry', {});
    const start = performance.now();
    ctx.reset();
    runFrame(start + 10);
    expect(ctx.calls.clearRect).toBeUndefined();
    runFrame(start + 40);
    expect(ctx.calls.clearRect).toBe(1);
    expect(frames.size).toBe(1);
  });

  it('pauses while the tab is hidden and resumes after', () => {
    startBackgroundAnimation(canvas(800, 600), 'particles', {});
    expect(frames.size).toBe(1);
    doc.hidden = true;
    documentListeners.get('visibilitychange')?.();
    expect(frames.size).toBe(0);
    expect(cancelled).toHaveLength(1);
    doc.hidden = false;
    documentListeners.get('visibilitychange')?.();
    expect(frames.size).toBe(1);
  });

  it('redraws on resize and stop() removes everything', () => {
    const c = canvas(800, 600);
    const stop = startBackgroundAnimation(c, 'waves', { waveCount: 4 });
    ctx.reset();
    windowListeners.get('resize')?.();
    expect(ctx.calls.fill).toBe(4);
    stop();
    expect(frames.size).toBe(0);
    expect(windowListeners.size).toBe(0);
    expect(documentListeners.size).toBe(0);
  });

  it.each<[boolean, string[]]>([
    [true, ['#010101', '#020202']],
    [false, ['#eeeeee', '#dddddd']],
  ])('dark=%s draws with that variant', (dark, colours) => {
    reducedMotion = true;
    const config: CanvasAnimationConfig = {
      colors: ['#111111', '#222222'],
      light: { colors: ['#eeeeee', '#dddddd'] },
      dark: { colors: ['#010101', '#020202'] },
    };
    startBackgroundAnimation(canvas(800, 600), 'waves', config, { dark });
    expect(new Set(ctx.fills)).toEqual(new Set(colours));
  });

  it('survives a config of the wrong shape', () => {
    reducedMotion = true;
    const junk = {
      colors: 'red',
      count: 'NaN',
      size: Infinity,
      speed: -1,
      shapes: [1, 'star'],
      waveCount: null,
      dark: 5,
    } as unknown as CanvasAnimationConfig;
    expect(() => startBackgroundAnimation(canvas(800, 600), 'geometry', junk)).not.toThrow();
    expect(ctx.calls.beginPath).toBeGreaterThan(0);
  });

  it('ignores an unknown type', () => {
    const stop = startBackgroundAnimation(canvas(800, 600), 'sparkles' as never, {});
    expect(ctx.calls.clearRect).toBeUndefined();
    expect(frames.size).toBe(0);
    stop();
  });
});
