/**
 * `input[type=color][data-color-for]`: the colour picker and the text field it names stay in
 * step (views/admin/settings-accent.ejs). Picking writes the text field; typing a whole
 * `#rrggbb` (or `rrggbb`) moves the picker. Without JavaScript both are sent and the server
 * decides which one was changed (src/validation/accent-fields.ts).
 */
const HEX = /^#?([0-9a-f]{6})$/i;

export function enhanceColorFields(root: ParentNode): void {
  for (const picker of root.querySelectorAll<HTMLInputElement>('input[type="color"][data-color-for]')) {
    if (picker.dataset.paired) continue;
    const field = document.getElementById(picker.dataset.colorFor ?? '');
    if (!(field instanceof HTMLInputElement)) continue;
    picker.dataset.paired = 'true';
    picker.addEventListener('input', () => {
      field.value = picker.value;
    });
    field.addEventListener('input', () => {
      const hex = HEX.exec(field.value.trim())?.[1];
      if (hex) picker.value = `#${hex.toLowerCase()}`;
    });
  }
}
