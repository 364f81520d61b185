/**
 * What the agency's customers have on their cards (issue 25, "The list"): a business, a city,
 * a phone and an e-mail, so the admin list's search by phone and business has something to find.
 * Drawn from a random of its own, so the rest of the data set stays as it was.
 */
import { pick } from './names.js';

const TRADES = [
  'Kuaför',
  'Pastane',
  'Kafe',
  'Emlak',
  'Oto Servis',
  'Çiçekçi',
  'Fotoğraf Stüdyosu',
  'Terzi',
  'Eczane',
  'Nalbur',
  'Fırın',
  'Seramik Atölyesi',
] as const;
const CITIES = [
  'İstanbul',
  'Ankara',
  'İzmir',
  'Bursa',
  'Antalya',
  'Eskişehir',
  'Çanakkale',
  'Şanlıurfa',
  'Muğla',
  'Trabzon',
] as const;

export interface BusinessData {
  company: string | null;
  city: string | null;
  phone: string;
  email: string;
}

/** Customer n's mobile number, E.164 as the app stores it: distinct for each of the 10,000. */
export function benchPhone(n: number): string {
  return `+905${String(300_000_000 + ((n * 7_919) % 100_000_000)).padStart(9, '0')}`;
}

/** The customer whose phone the search scenario types. */
export const SEARCHED_CUSTOMER = 4_321;

/** Three customers in four have a business on the card; every one a phone, an e-mail and most a city. */
export function businessData(random: () => number, n: number, surname: string, slug: string): BusinessData {
  return {
    company: random() < 0.75 ? `${surname} ${pick(random, TRADES)}` : null,
    city: random() < 0.9 ? pick(random, CITIES) : null,
    phone: benchPhone(n),
    email: `${slug}@ornek.com.tr`,
  };
}
