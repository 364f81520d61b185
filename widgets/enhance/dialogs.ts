/**
 * Without JavaScript a dialog is a `:target` section (or a page); with it, the same
 * markup opens as a modal `<dialog>`: focus trapped, Escape closes, the page stays put.
 */
import { openDialog } from './open-dialog';

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
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
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
    // `href="#id"`, or a link to a page that asks a question (`data-dialog="id"`) whose dialog
    // asks the same question here: the page is for a browser without JavaScript.
    const dialogId = link.dataset.dialog ?? (href.startsWith('#') && href.length > 1 ? href.slice(1) : '');
    if (dialogId) {
      const target = document.getElementById(dialogId);
      if (target instanceof HTMLDialogElement) {
        event.preventDefault();
        // A link from one dialog to another is a step (the add-link grid, then a platform's
        // form, then "Geri"): the new one replaces the old one instead of stacking on it.
        // A dialog inside the one it is opened from (the delete or new-link confirmation in a
        // customer's fetched dialog) stacks on it instead: closing its parent would hide it.
        const from = link.closest('dialog');
        if (from && from !== target && from.open && !from.contains(target)) from.close();
        openDialog(target);
        return;
      }
      if (href.startsWith('#')) return;
    }
    if (link.hasAttribute('data-dialog-src')) {
      event.preventDefault();
      // Its own chunk: only the admin list has such links, the public page never loads it.
      import('./fetched-dialog')
        .then(({ openFetched }) => openFetched(link.href, mountWithin))
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

  // A click on the backdrop (outside the dialog box) closes it, unless that would throw away
  // what was typed in it: a tap beside a dialog is easy to make by mistake on a phone.
  document.addEventListener('click', (event) => {
    const target = event.target;
    if (target instanceof HTMLDialogElement && target.open) {
      const box = target.getBoundingClientRect();
      const e = event as MouseEvent;
      const inside = e.clientX >= box.left && e.clientX <= box.right && e.clientY >= box.top && e.clientY <= box.bottom;
      if (!inside && !wouldLoseTyping(target)) target.close();
    }
  });
}

/** A dialog that starts afresh when closed (`data-reset-on-close`) holding something typed or chosen. */
function wouldLoseTyping(dialog: HTMLDialogElement): boolean {
  if (!dialog.hasAttribute('data-reset-on-close')) return false;
  const fields = dialog.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input:not([type=hidden]), textarea');
  return Array.from(fields).some((field) =>
    field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox')
      ? field.checked !== field.defaultChecked
      : field.value !== field.defaultValue,
  );
}
