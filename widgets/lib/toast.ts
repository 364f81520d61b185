/** A polite live region that shows one short message at a time. */
let region: HTMLElement | null = null;
let timer: number | undefined;

/**
 * Where the toast must live to be seen: a modal dialog sits in the top layer with a backdrop
 * over everything in <body>, so while one is open the toast goes inside the top-most one.
 */
function toastParent(): HTMLElement {
  const modals = Array.from(document.querySelectorAll<HTMLDialogElement>('dialog[open]')).filter((d) =>
    d.matches(':modal'),
  );
  return modals.at(-1) ?? document.body;
}

function show(el: HTMLElement, text: string, kind: 'success' | 'error'): void {
  el.textContent = text;
  el.dataset.kind = kind;
  el.classList.add('toast--visible');
  window.clearTimeout(timer);
  timer = window.setTimeout(() => el.classList.remove('toast--visible'), 2500);
}

export function showToast(text: string, kind: 'success' | 'error' = 'success'): void {
  if (!region) {
    region = document.createElement('div');
    region.className = 'toast';
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
  }
  const parent = toastParent();
  if (region.parentElement === parent) {
    show(region, text, kind);
    return;
  }
  // A live region announces changes, not its arrival: place it empty, then fill it a frame later.
  const el = region;
  el.textContent = '';
  el.classList.remove('toast--visible');
  parent.append(el);
  requestAnimationFrame(() => show(el, text, kind));
}
