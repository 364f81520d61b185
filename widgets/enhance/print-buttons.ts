/**
 * `button[data-print]`: opens the browser's print dialog; the page's print stylesheet decides
 * what is on paper (public/css/admin-security.css). The button is `hidden` in the page, and
 * `[data-print-hint]` (how to print with the browser's own command) shows instead without
 * JavaScript; with it, the button replaces the hint.
 */
export function enhancePrintButtons(root: ParentNode): void {
  const buttons = root.querySelectorAll<HTMLButtonElement>('button[data-print]');
  for (const button of buttons) {
    if (button.dataset.printReady) continue;
    button.dataset.printReady = 'true';
    button.hidden = false;
    button.addEventListener('click', () => window.print());
  }
  if (buttons.length > 0)
    for (const hint of root.querySelectorAll<HTMLElement>('[data-print-hint]')) hint.hidden = true;
}
