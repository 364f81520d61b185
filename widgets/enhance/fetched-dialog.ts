/**
 * A real page (a customer's detail) shown in a dialog over the page that links to it, and the
 * forms in it marked `data-in-place` (the status, the confirmed new edit link), which are sent
 * as a widget sends them: the dialog stays open, its content is loaded again to show the
 * result, and a notice says what happened (docs/product.md, Administrator).
 */
import { postForm, postMessages } from '../lib/post';
import { openDialog } from './open-dialog';

const fetchedDialogId = 'fetched-dialog';

type Mount = (root: ParentNode) => void;

async function fetchContent(href: string): Promise<{ content: Element; title: string } | null> {
  const response = await fetch(href, { headers: { Accept: 'text/html' }, credentials: 'same-origin' });
  if (!response.ok || response.redirected) return null;
  const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
  const content = doc.querySelector('[data-dialog-content]');
  return content ? { content: document.importNode(content, true), title: doc.title } : null;
}

/** Loads `href` and shows its `[data-dialog-content]` in a dialog; false when it cannot. */
export async function openFetched(href: string, mountWithin: Mount): Promise<boolean> {
  enhanceInPlaceForms(mountWithin);
  const loaded = await fetchContent(href);
  if (!loaded) return false;
  let dialog = document.getElementById(fetchedDialogId) as HTMLDialogElement | null;
  if (!dialog) {
    dialog = document.createElement('dialog');
    dialog.id = fetchedDialogId;
    dialog.className = 'modal modal--wide';
    document.body.append(dialog);
  }
  dialog.dataset.src = href;
  dialog.setAttribute('aria-label', loaded.title);
  const close = document.createElement('a');
  close.href = '#';
  close.className = 'modal__close';
  close.dataset.close = '';
  close.setAttribute('aria-label', 'Kapat');
  close.textContent = '×';
  // The notice region stays in place while the content under it is replaced, so what it says is announced.
  const notice = document.createElement('div');
  notice.className = 'dialog-notice';
  notice.setAttribute('role', 'status');
  dialog.replaceChildren(close, notice, loaded.content);
  mountWithin(dialog);
  openDialog(dialog);
  return true;
}

function say(dialog: HTMLDialogElement, text: string, kind: 'success' | 'error'): void {
  const region = dialog.querySelector('.dialog-notice');
  if (!region) return;
  region.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  const line = document.createElement('p');
  line.className = `alert alert--${kind}`;
  line.tabIndex = -1;
  line.textContent = text;
  region.replaceChildren(line);
}

/**
 * The page behind the dialog (the list and its counts) loaded again; the returned function
 * puts its `[data-refresh]` regions in place, so both change in the same moment as the dialog.
 */
async function loadPageBehind(): Promise<() => void> {
  const regions = document.querySelectorAll<HTMLElement>('[data-refresh][id]');
  if (regions.length === 0) return () => undefined;
  const loaded = await fetch(location.href, { headers: { Accept: 'text/html' }, credentials: 'same-origin' });
  if (!loaded.ok || loaded.redirected) return () => undefined;
  const doc = new DOMParser().parseFromString(await loaded.text(), 'text/html');
  return () => {
    for (const region of regions) {
      const fresh = doc.getElementById(region.id);
      if (fresh?.hasAttribute('data-refresh')) region.replaceWith(document.importNode(fresh, true));
    }
  };
}

/**
 * After the content is replaced, the focus goes to the control the user just used, as it now
 * reads ("Pasif Yap" becomes "Aktif Yap"); after a confirmation, to the notice at the top,
 * right above what changed (the new edit link).
 */
function refocus(dialog: HTMLDialogElement, action: string, confirmed: boolean): void {
  const again = Array.from(dialog.querySelectorAll<HTMLFormElement>('form[data-in-place]')).find(
    (f) => f.getAttribute('action') === action && !f.closest('dialog:not([open])'),
  );
  const notice = dialog.querySelector<HTMLElement>('.dialog-notice .alert');
  const target = confirmed ? notice : (again?.querySelector<HTMLElement>('button[type=submit]') ?? notice);
  target?.focus();
}

async function sendInPlace(form: HTMLFormElement, dialog: HTMLDialogElement, mountWithin: Mount): Promise<void> {
  const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
  if (button) button.disabled = true;
  form.setAttribute('aria-busy', 'true');
  const action = form.getAttribute('action') ?? '';
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') body.append(name, value);
  const reply = await postForm(form.action, body);
  // A confirmation stacked over the customer's dialog has done its job either way.
  const step = form.closest('dialog');
  if (step && step !== dialog) step.close();
  if (!reply.ok) {
    if (button) button.disabled = false;
    form.removeAttribute('aria-busy');
    say(dialog, reply.error ?? postMessages.unexpected, 'error');
    refocus(dialog, action, step !== null && step !== dialog);
    return;
  }
  const src = dialog.dataset.src ?? '';
  const [loaded, updateBehind] = await Promise.all([
    fetchContent(src).catch(() => null),
    loadPageBehind().catch(() => () => undefined),
  ]);
  const current = dialog.querySelector('[data-dialog-content]');
  if (!loaded || !current) {
    // Done, but the dialog cannot show it: the customer's own page can.
    location.href = src;
    return;
  }
  current.replaceWith(loaded.content);
  updateBehind();
  mountWithin(dialog);
  say(dialog, typeof reply.message === 'string' ? reply.message : '', 'success');
  refocus(dialog, action, step !== null && step !== dialog);
}

let listening = false;

/** `form[data-in-place]` inside the fetched dialog; anywhere else the form is sent as a plain form. */
function enhanceInPlaceForms(mountWithin: Mount): void {
  if (listening) return;
  listening = true;
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-in-place') || event.defaultPrevented) return;
    const dialog = form.closest<HTMLDialogElement>(`dialog#${fetchedDialogId}`);
    if (!dialog?.dataset.src) return;
    event.preventDefault();
    if (form.getAttribute('aria-busy') !== 'true') void sendInPlace(form, dialog, mountWithin);
  });
}
