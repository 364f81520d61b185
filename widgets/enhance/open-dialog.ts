/** Opens a `<dialog>` as a modal and puts the focus where the user starts. */
export function openDialog(dialog: HTMLDialogElement): void {
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
