/**
 * The price list page's search box (views/price-list/show.ejs): the server renders it hidden,
 * so the list is whole without JavaScript; here it is shown and filters the items by name and
 * description as the visitor types. A category with no match is hidden with its heading; the
 * status line says how many items match.
 */
export const searchTexts = {
  found: (count: number) => `${count} ürün bulundu`,
  none: 'Aramanızla eşleşen ürün yok.',
} as const;

/** Turkish-aware and accent-blind: `cay` finds "Çay", `İSKENDER` finds "İskender". */
export function foldText(text: string): string {
  return text.toLocaleLowerCase('tr').replace(/ı/g, 'i').normalize('NFD').replace(/\p{M}/gu, '');
}

interface SearchableItem {
  element: HTMLElement;
  text: string;
}

export function enhancePriceSearch(root: ParentNode): void {
  const box = root.querySelector<HTMLElement>('[data-price-search]');
  const input = box?.querySelector<HTMLInputElement>('input[type="search"]');
  const status = box?.querySelector<HTMLElement>('[role="status"]');
  if (!box || !input || !status) return;
  const sections = [...root.querySelectorAll<HTMLElement>('.pl-sec')].map((section) => ({
    section,
    items: [...section.querySelectorAll<HTMLElement>('.pl-item')].map((element): SearchableItem => ({
      element,
      text: foldText(
        [element.querySelector('.pl-name')?.textContent, element.querySelector('.pl-desc')?.textContent]
          .filter(Boolean)
          .join(' '),
      ),
    })),
  }));
  const filter = () => {
    const words = foldText(input.value).split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const { section, items } of sections) {
      let inSection = 0;
      for (const item of items) {
        const match = words.every((word) => item.text.includes(word));
        item.element.hidden = !match;
        if (match) inSection += 1;
      }
      section.hidden = inSection === 0;
      shown += inSection;
    }
    status.textContent = words.length === 0 ? '' : shown === 0 ? searchTexts.none : searchTexts.found(shown);
  };
  input.addEventListener('input', filter);
  box.hidden = false;
  // A value the browser restored on going back is applied at once.
  if (input.value) filter();
}

enhancePriceSearch(document);
