/**
 * `form[data-busy-text]`: while the form is being sent, its submit button is disabled and says
 * the busy text (docs/product.md, Links and platforms: "Ekle", then "Ekleniyor..." while busy), so a second press
 * cannot add the same thing twice. The form still submits as a plain form.
 */
let listening = false;

export function enhanceBusyForms(root: ParentNode): void {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-busy-text]')) {
    if (form.dataset.busyReady) continue;
    form.dataset.busyReady = 'true';
    form.addEventListener('submit', (event) => {
      const busy = form.dataset.busyText ?? '';
      const button =
        (event.submitter as HTMLButtonElement | null) ??
        form.querySelector<HTMLButtonElement>('button[type=submit], button:not([type])');
      if (!button || event.defaultPrevented) return;
      // After this event the browser has taken the form's values: disabling now changes nothing sent.
      window.setTimeout(() => {
        button.dataset.idleText = button.textContent ?? '';
        button.textContent = busy;
        button.disabled = true;
        form.setAttribute('aria-busy', 'true');
      });
    });
  }
  if (listening) return;
  listening = true;
  // Back to this page from the next one (the back/forward cache): the forms are idle again.
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    for (const button of document.querySelectorAll<HTMLButtonElement>('form[data-busy-text] button[data-idle-text]')) {
      button.textContent = button.dataset.idleText ?? button.textContent;
      button.disabled = false;
      delete button.dataset.idleText;
      button.form?.removeAttribute('aria-busy');
    }
  });
}
