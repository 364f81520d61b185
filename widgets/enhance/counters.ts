/**
 * `textarea[data-count]` / `input[data-count]`: a live "{n}/{max}" counter under the field
 * (docs/product.md, Owner page: the bio has 200 characters, with a counter). Characters are counted as the
 * server counts them (code points), so an emoji is one. Without JavaScript the field keeps its
 * `maxlength` and the static hint.
 */
function length(text: string): number {
  return Array.from(text).length;
}

export function enhanceCounters(root: ParentNode): void {
  for (const field of root.querySelectorAll<HTMLTextAreaElement | HTMLInputElement>(
    'textarea[data-count], input[data-count]',
  )) {
    if (field.dataset.counted) continue;
    const max = Number(field.dataset.count);
    if (!Number.isFinite(max) || max <= 0) continue;
    field.dataset.counted = 'true';
    const counter = document.createElement('p');
    counter.className = 'field__count';
    counter.id = `${field.id || field.name}-sayac`;
    const note = field.getAttribute('aria-describedby');
    const noteEl = note ? document.getElementById(note) : null;
    (noteEl ?? field).after(counter);
    field.setAttribute('aria-describedby', [note, counter.id].filter(Boolean).join(' '));
    const update = () => {
      const n = length(field.value);
      counter.textContent = `${n}/${max}`;
      counter.classList.toggle('field__count--over', n > max);
    };
    field.addEventListener('input', update);
    // A form reset changes the value without an input event; read it once the reset is done.
    field.form?.addEventListener('reset', () => window.setTimeout(update));
    update();
  }
}
