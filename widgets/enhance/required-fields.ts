/**
 * `form[data-require-filled]`: the submit button stays disabled until every required
 * field has something other than spaces (docs/product.md, Administrator). The server checks again.
 */
export function enhanceRequiredFields(root: ParentNode): void {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-require-filled]')) {
    const submit = form.querySelector<HTMLButtonElement>('button[type=submit]');
    if (!submit) continue;
    const fields = Array.from(form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('[required]'));
    const update = () => {
      submit.disabled = fields.some((field) => field.value.trim() === '');
    };
    form.addEventListener('input', update);
    update();
  }
}
