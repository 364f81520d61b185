/**
 * Starts the canvas animations of a page that has them (public page and the owner's preview):
 * the page background's and the cover's. The drawing code is its own chunk, loaded only when
 * a canvas is there.
 */
function configOf(canvas: HTMLCanvasElement): unknown {
  try {
    return JSON.parse(canvas.dataset.config ?? '{}');
  } catch {
    return {};
  }
}

export function startPageAnimation(): void {
  const canvases = [
    ...document.querySelectorAll<HTMLCanvasElement>('.page-bg canvas[data-animation], .cover canvas[data-animation]'),
  ];
  if (canvases.length === 0) return;
  const dark = document.documentElement.classList.contains('theme-dark');
  void import('./animations').then(({ startBackgroundAnimation }) => {
    for (const canvas of canvases) {
      const type = canvas.dataset.animation as 'particles' | 'waves' | 'geometry';
      startBackgroundAnimation(canvas, type, configOf(canvas) as never, { dark });
    }
  });
}
