/**
 * The settings form's accent colour comes in two fields (docs/product.md, Agency brand): the
 * text field `accent_color` and a colour picker `accent_color_picker` beside it, with the value
 * the page showed in `accent_color_shown`. Without JavaScript both are sent, so one rule decides:
 * the text field when it was changed from what was shown, else the picker when it was moved,
 * else the text field as it stands (which may be empty: no accent, though a picker is never
 * empty). With JavaScript the two are kept equal, and the rule gives the same colour.
 */
import { ACCENT_PATTERN } from '../domain/brand-colors.js';

/** What the picker shows when the text holds no colour: Vizit's own accent (public/css/app.css, --brand). */
export const PICKER_DEFAULT = '#4f46e5';

const text = (raw: unknown) => (typeof raw === 'string' ? raw.slice(0, 2100) : '');

/** `#RRGGBB`, `RRGGBB` or padded with spaces, the way the server stores it; anything else as typed. */
function normalized(value: string): string {
  const lower = value.trim().toLowerCase();
  return /^[0-9a-f]{6}$/.test(lower) ? `#${lower}` : lower;
}

/** The picker's value for a text field's value: the colour itself, or the default when it is none. */
export function pickerValueFor(typed: string): string {
  const color = normalized(typed);
  return ACCENT_PATTERN.test(color) ? color : PICKER_DEFAULT;
}

/** The accent as typed or picked, still to be checked (validation/brand.validation.ts). */
export function chosenAccent(body: Record<string, unknown>): string {
  const typed = text(body.accent_color);
  if (typeof body.accent_color_shown !== 'string' || typeof body.accent_color_picker !== 'string') return typed;
  const shown = text(body.accent_color_shown);
  if (normalized(typed) !== normalized(shown)) return typed;
  const picked = normalized(text(body.accent_color_picker));
  return ACCENT_PATTERN.test(picked) && picked !== pickerValueFor(shown) ? picked : typed;
}
