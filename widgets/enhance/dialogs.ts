/**
 * Without JavaScript a dialog is a `:target` section (or a page); with it, the same
 * markup opens as a modal `<dialog>`: focus trapped, Escape closes, the page stays put.
 */

const fetchedDialogId = 'fetched-dialog';

function openDialog(dialog: HTMLDialogElement): void {
  if (dialog.open) dialog.close();
  dialog.showModal();
  // In this order, not document order: the × in the dialog head comes before the fields.
  // A refused form comes back with its dialog open: the field to correct gets the focus.
  const focusable =
    dialog.querySelector<HTMLElement>('[aria-invalid="true"]') ??
    dialog.querySelector<HTMLElement>('[autofocus]') ??
    dialog.querySelector<HTMLElement>('input:not([type=hidden]):not([readonly]), select, textarea') ??
    dialog.querySelector<HTMLElement>('button:not(:disabled), a[href]:not(.modal__close)') ??
    dialog.querySelector<HTMLElement>('a[href]');
  focusable?.focus();
}

/** Loads a real page (a customer's detail) and shows its `[data-dialog-content]` in a dialog. */
async function openFetched(href: string, mountWithin: (root: ParentNode) => void): Promise<boolean> {
  const response = await fetch(href, { headers: { Accept: 'text/html' }, credentials: 'same-origin' });
  if (!response.ok || response.redirected) return false;
  const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
  const content = doc.querySelector('[data-dialog-content]');
  if (!content) return false;
  let dialog = document.getElementById(fetchedDialogId) as HTMLDialogElement | null;
  if (!dialog) {
    dialog = document.createElement('dialog');
    dialog.id = fetchedDialogId;
    dialog.className = 'modal modal--wide';
    document.body.append(dialog);
  }
  dialog.setAttribute('aria-label', doc.title);
  const close = document.createElement('a');
  close.href = '#';
  close.className = 'modal__close';
  close.dataset.close = '';
  close.setAttribute('aria-label', 'Kapat');
  close.textContent = '×';
  dialog.replaceChildren(close, document.importNode(content, true));
  mountWithin(dialog);
  openDialog(dialog);
  return true;
}

export function enhanceDialogs(mountWithin: (root: ParentNode) => void): void {
  // A :target dialog from a link someone followed becomes a real modal.
  const targeted = location.hash.length > 1 ? document.getElementById(location.hash.slice(1)) : null;
  if (targeted instanceof HTMLDialogElement) {
    history.replaceState(null, '', location.pathname + location.search);
    openDialog(targeted);
  }
  for (const dialog of document.querySelectorAll<HTMLDialogElement>('dialog[data-autoshow]')) {
    dialog.close();
    openDialog(dialog);
  }

  document.addEventListener('click', (event) => {
    const link = (event.target as Element).closest?.('a');
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const href = link.getAttribute('href') ?? '';
    if (link.hasAttribute('data-close')) {
      const dialog = link.closest('dialog');
      if (dialog) {
        event.preventDefault();
        dialog.close();
        // A close link that leads somewhere (the success dialog's "Tamam" goes to the page
        // without `?created=1`) takes the address bar there too, so a reload does not reopen it.
        if (href && !href.startsWith('#') && link.origin === location.origin) history.replaceState(null, '', link.href);
      }
      return;
    }
    if (href.startsWith('#') && href.length > 1) {
      const target = document.getElementById(href.slice(1));
      if (target instanceof HTMLDialogElement) {
        event.preventDefault();
        // A link from one dialog to another is a step (the add-link grid, then a platform's
        // form, then "Geri"): the new one replaces the old one instead of stacking on it.
        const from = link.closest('dialog');
        if (from && from !== target && from.open) from.close();
        openDialog(target);
      }
      return;
    }
    if (link.hasAttribute('data-dialog-src')) {
      event.preventDefault();
      openFetched(link.href, mountWithin)
        .then((opened) => {
          if (!opened) location.href = link.href;
        })
        .catch(() => {
          location.href = link.href;
        });
    }
  });

  // A dialog marked `data-reset-on-close` starts afresh each time (the add-link steps: closing
  // resets everything, docs/product.md, Links and platforms).
  for (const dialog of document.querySelectorAll<HTMLDialogElement>('dialog[data-reset-on-close]')) {
    dialog.addEventListener('close', () => {
      for (const form of dialog.querySelectorAll('form')) form.reset();
    });
  }

  // A click on the backdrop (outside the dialog box) closes it.
  document.addEventListener('click', (event) => {
    const target = event.target;
    if (target instanceof HTMLDialogElement && target.open) {
      const box = target.getBoundingClientRect();
      const e = event as MouseEvent;
      const inside = e.clientX >= box.left && e.clientX <= box.right && e.clientY >= box.top && e.clientY <= box.bottom;
      if (!inside) target.close();
    }
  });
}
