/**
 * The catalog forms' file (`form[action$="/catalog"]` with a file input, docs/product.md, Links
 * and platforms): a file over the limit is refused as soon as it is chosen, in the field's own
 * note, and the form cannot be sent with it, so ten megabytes never travel only to be refused.
 * The server checks again, and without JavaScript answers the same text in the same dialog.
 * (The photo and background widgets check their own files.)
 */
import { CATALOG_UPLOAD_MAX_BYTES } from '../../src/shared/upload-limits.js';

export const fileSizeMessages = {
  catalogTooLarge: 'Dosya boyutu çok büyük. En fazla 10MB yükleyebilirsiniz.',
} as const;

const SELECTOR = 'form[action$="/catalog"][enctype="multipart/form-data"] input[type=file]';

/** The field's note (its hint), which shows the refusal while there is one. */
function noteOf(input: HTMLInputElement): HTMLElement | null {
  const note = input.parentElement?.querySelector<HTMLElement>('.field__note');
  if (!note) return null;
  note.dataset.hint ??= note.classList.contains('field__note--error') ? '' : (note.textContent ?? '');
  if (!note.id) note.id = `${input.id || 'dosya'}-not`;
  return note;
}

function check(input: HTMLInputElement): boolean {
  const file = input.files?.[0];
  const tooLarge = file !== undefined && file.size > CATALOG_UPLOAD_MAX_BYTES;
  const note = noteOf(input);
  if (tooLarge) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
  if (note) {
    input.setAttribute('aria-describedby', note.id);
    if (tooLarge) {
      note.textContent = fileSizeMessages.catalogTooLarge;
      note.classList.add('field__note--error');
      note.setAttribute('role', 'alert');
    } else if (note.getAttribute('role') === 'alert') {
      note.textContent = note.dataset.hint ?? '';
      note.classList.remove('field__note--error');
      note.removeAttribute('role');
    }
  }
  return !tooLarge;
}

export function enhanceFileSizes(root: ParentNode): void {
  for (const input of root.querySelectorAll<HTMLInputElement>(SELECTOR)) {
    if (input.dataset.sizeChecked) continue;
    input.dataset.sizeChecked = 'true';
    input.addEventListener('change', () => check(input));
    const form = input.form;
    if (!form) continue;
    // Registered before the busy-forms enhancer, so "Ekle" is not left busy by a refused send.
    form.addEventListener('submit', (event) => {
      // With the "Bağlantı (URL)" source picked, a file chosen earlier is not part of the link.
      if (form.querySelector<HTMLInputElement>('input[name=catalog_type][value=url]')?.checked) input.value = '';
      if (!check(input)) {
        event.preventDefault();
        input.focus();
      }
    });
    // The add dialog resets its form on close: the refusal goes with the file.
    form.addEventListener('reset', () => window.setTimeout(() => check(input)));
  }
}
