/**
 * One IBAN feature (docs/product.md, "Links and platforms"): an account shows once on the public
 * page. New IBANs go on the Banka Hesabı card; IBAN links saved before still show, except one
 * whose IBAN the visible card, or an IBAN link above it, already shows.
 */
import type { IbanCard, LinkItem } from './profile-page.js';

export function oneIbanPerAccount(links: LinkItem[], card: IbanCard | null): LinkItem[] {
  const shown = new Set(card ? [card.iban] : []);
  return links.filter((link) => {
    if (link.kind !== 'iban') return true;
    if (shown.has(link.iban)) return false;
    shown.add(link.iban);
    return true;
  });
}
