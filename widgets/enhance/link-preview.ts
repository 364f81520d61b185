/**
 * The edit-link dialog shows how the link will look on the page, but only while the form
 * is valid (spec: "preview when valid"): a label, and every field the browser can check passes.
 * Without JavaScript the preview stays hidden; the server's answer is the check.
 */
export function enhanceLinkPreviews(root: ParentNode): void {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-link-preview]')) {
    const preview = form.querySelector<HTMLElement>('[data-preview]');
    const label = form.querySelector<HTMLElement>('[data-preview-label]');
    const icon = form.querySelector<HTMLElement>('[data-preview-icon]');
    const labelField = form.querySelector<HTMLInputElement>('input[name=label]');
    if (!preview || !label || !icon || !labelField) continue;
    const iconField = form.querySelector<HTMLInputElement>('input[name=icon]');
    const valueFields = Array.from(
      form.querySelectorAll<HTMLInputElement>(
        'input[name=url], input[name=iban], input[name=account_holder], input[name=ssid]',
      ),
    );
    const update = () => {
      const text = labelField.value.trim();
      const filled = valueFields.every((field) => field.closest('[hidden]') !== null || field.value.trim() !== '');
      const valid =
        text !== '' &&
        filled &&
        Array.from(form.elements).every((el) => !(el instanceof HTMLInputElement) || el.checkValidity());
      preview.hidden = !valid;
      label.textContent = text;
      if (iconField) icon.textContent = iconField.value.trim() || form.dataset.linkPreview || '';
    };
    form.addEventListener('input', update);
    update();
  }
}
