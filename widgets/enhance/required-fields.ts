/**
 * `form[data-require-filled]`: the submit button stays disabled until every required field has
 * something other than spaces (docs/product.md: the admin's new customer, the owner's link and IBAN
 * dialogs). A field is required by `required`, or by `data-required` where the server's Turkish
 * refusal (422, in the same dialog) is the guard without JavaScript. A field inside
 * `[data-when="name=value"]` counts only while that radio is picked (a catalog's URL or file).
 * The server checks again.
 */
type Field = HTMLInputElement | HTMLTextAreaElement;

/** Whether the choice a field depends on (`data-when`) is the one picked; true when it has none. */
function inPlay(form: HTMLFormElement, field: Field): boolean {
  const gate = field.closest<HTMLElement>('[data-when]')?.dataset.when;
  if (!gate) return true;
  const [name, value] = gate.split('=');
  const picked = Array.from(form.querySelectorAll<HTMLInputElement>('input[type=radio]')).find(
    (r) => r.name === name && r.checked,
  );
  return picked?.value === value;
}

export function enhanceRequiredFields(root: ParentNode): void {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-require-filled]')) {
    if (form.dataset.requireReady) continue;
    const submit = form.querySelector<HTMLButtonElement>('button[type=submit]');
    if (!submit) continue;
    form.dataset.requireReady = 'true';
    const fields = Array.from(form.querySelectorAll<Field>('[required], [data-required]'));
    const update = () => {
      submit.disabled = fields.some((field) => inPlay(form, field) && field.value.trim() === '');
    };
    form.addEventListener('input', update);
    form.addEventListener('change', update);
    // A reset (closing the add dialog) changes the values without an input event.
    form.addEventListener('reset', () => window.setTimeout(update));
    update();
  }
}
