/**
 * `button[data-copy-lines]`: copies the texts of the `<code>` elements in the element it names,
 * one a line (the recovery codes, views/admin/security-codes.ejs), and says so in the status
 * element `data-copy-status` names. The button is `hidden` in the page: without JavaScript the
 * codes are plain text to select, and the download works anyway.
 */
const messages = {
  copied: 'Kopyalandı',
  failed: 'Kopyalanamadı: kodlar seçildi, Ctrl+C ile kopyalayın.',
} as const;

/** Selects the list's text, so the user can copy it by hand when the clipboard refuses. */
function selectText(list: Element): void {
  const range = document.createRange();
  range.selectNodeContents(list);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

export function enhanceCopyLines(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-copy-lines]')) {
    if (button.dataset.copyReady) continue;
    const list = document.getElementById(button.dataset.copyLines ?? '');
    if (!list) continue;
    const status = document.getElementById(button.dataset.copyStatus ?? '');
    button.dataset.copyReady = 'true';
    button.hidden = false;
    button.addEventListener('click', () => {
      const text = Array.from(list.querySelectorAll('code'), (code) => code.textContent?.trim() ?? '').join('\n');
      navigator.clipboard.writeText(text).then(
        () => {
          if (status) status.textContent = messages.copied;
        },
        () => {
          selectText(list);
          if (status) status.textContent = messages.failed;
        },
      );
    });
  }
}
