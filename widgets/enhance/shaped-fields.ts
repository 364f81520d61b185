/**
 * `input[data-shape]`: fields that keep only what they may hold, as it is typed or pasted
 * (docs/product.md, Links and platforms: the IBAN). The server checks again, and without
 * JavaScript its refusal in the same dialog is the guard.
 *
 * - `iban`: upper-case, always starting `TR`, then the digits (24 at most, a Turkish IBAN) and
 *   the owner's own single spaces. A paste is regrouped in fours as banks print it
 *   (`TR33 0006 …`, 32 characters), so one with extra spaces is never cut at the field's
 *   `maxlength` (34, which counts spaces).
 *
 * The caret stays after the character it was after.
 */
export const IBAN_DIGITS = 24;

interface Shaped {
  value: string;
  caret: number;
}

/** What a typed IBAN becomes, and where the caret (after `caret` characters of `raw`) goes. */
export function shapeIban(raw: string, caret: number, regroup = false): Shaped {
  let digits = 0;
  let at = -1;
  const chars = Array.from(raw.toUpperCase());
  const body: string[] = [];
  for (const [i, ch] of chars.entries()) {
    if (i === caret) at = body.length;
    if (/[0-9]/.test(ch) && digits < IBAN_DIGITS) {
      digits += 1;
      body.push(ch);
    } else if (/\s/.test(ch) && !regroup && body.length > 0 && body.at(-1) !== ' ') {
      body.push(' ');
    }
  }
  if (at < 0) at = body.length;
  const typed = chars.some((ch) => /[0-9A-Z]/.test(ch));
  if (!typed) return { value: '', caret: 0 };
  if (regroup) {
    // Digits only: group them in fours after "TR" (TR33 0006 1005 …), the caret after the same digit.
    const grouped = `TR${body.join('')}`.replace(/(.{4})(?=.)/g, '$1 ');
    const digitsBefore = body.slice(0, at).length;
    let seen = 0;
    let pos = 2;
    while (seen < digitsBefore && pos < grouped.length) {
      if (grouped[pos] !== ' ') seen += 1;
      pos += 1;
    }
    return { value: grouped, caret: pos };
  }
  return { value: `TR${body.join('')}`, caret: 2 + at };
}

/** The caret as a count of characters (code points), which is how the shapers count. */
function caretOf(input: HTMLInputElement): number {
  return Array.from(input.value.slice(0, input.selectionStart ?? input.value.length)).length;
}

function apply(input: HTMLInputElement, shaped: Shaped): void {
  const max = input.maxLength > 0 ? input.maxLength : Infinity;
  const value = shaped.value.length > max ? shaped.value.slice(0, max) : shaped.value;
  if (value !== input.value) input.value = value;
  const units = Array.from(value).slice(0, shaped.caret).join('').length;
  if (document.activeElement === input) input.setSelectionRange(units, units);
}

function shape(raw: string, caret: number, pasted: boolean, deleting: boolean): Shaped {
  const shaped = shapeIban(raw, caret, pasted);
  // Deleting back to the bare "TR" empties the field, so it can be cleared.
  return deleting && shaped.value === 'TR' ? { value: '', caret: 0 } : shaped;
}

export function enhanceShapedFields(root: ParentNode): void {
  for (const input of Array.from(root.querySelectorAll<HTMLInputElement>('input[data-shape="iban"]'))) {
    if (input.dataset.shaped) continue;
    input.dataset.shaped = 'true';
    // After "TR" come only digits: a phone shows its number pad.
    input.inputMode = 'numeric';
    // The value before this keystroke: a 25th digit is refused the way maxlength refuses.
    let last = { value: input.value, caret: Array.from(input.value).length };
    input.addEventListener('input', (event) => {
      if ((event as InputEvent).isComposing) return;
      const deleting = (event as InputEvent).inputType?.startsWith('delete') ?? false;
      const tooMany = (input.value.match(/[0-9]/g)?.length ?? 0) > IBAN_DIGITS;
      const shaped = tooMany ? last : shape(input.value, caretOf(input), false, deleting);
      apply(input, shaped);
      last = { value: input.value, caret: caretOf(input) };
    });
    input.form?.addEventListener('reset', () => window.setTimeout(() => (last = { value: input.value, caret: 0 })));
    input.addEventListener('compositionend', () => apply(input, shape(input.value, caretOf(input), false, false)));
    // A paste is shaped before the browser cuts it at maxlength.
    input.addEventListener('paste', (event) => {
      const text = event.clipboardData?.getData('text') ?? '';
      if (!text) return;
      event.preventDefault();
      const start = input.selectionStart ?? input.value.length;
      const end = input.selectionEnd ?? start;
      const raw = input.value.slice(0, start) + text + input.value.slice(end);
      const caret = Array.from(input.value.slice(0, start) + text).length;
      apply(input, shape(raw, caret, true, false));
      last = { value: input.value, caret: caretOf(input) };
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }
}
