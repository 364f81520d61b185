/**
 * Starts the canvas background animation of a page that has one (public page and the
 * owner's preview). The drawing code is its own chunk, loaded only when a canvas is there.
 */
export function startPageAnimation(): void {
  const canvas = document.querySelector<HTMLCanvasElement>('.page-bg canvas[data-animation]');
  if (!canvas) return;
  let config: unknown = {};
  try {
    config = JSON.parse(canvas.dataset.config ?? '{}');
  } catch {
    config = {};
  }
  const type = canvas.dataset.animation as 'particles' | 'waves' | 'geometry';
  const dark = document.documentElement.classList.contains('theme-dark');
  void import('./animations').then(({ startBackgroundAnimation }) => startBackgroundAnimation(canvas, type, config as never, { dark }));
}
