/** A polite live region that shows one short message at a time. */
let region: HTMLElement | null = null;
let timer: number | undefined;

export function showToast(text: string, kind: 'success' | 'error' = 'success'): void {
  if (!region) {
    region = document.createElement('div');
    region.className = 'toast';
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    document.body.append(region);
  }
  region.textContent = text;
  region.dataset.kind = kind;
  region.classList.add('toast--visible');
  window.clearTimeout(timer);
  timer = window.setTimeout(() => region?.classList.remove('toast--visible'), 2500);
}
