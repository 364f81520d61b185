import type { Messages } from '../messages.js';
import type { priceList as source } from '../tr/price-list.js';

export const priceList: Messages<typeof source> = {
  'priceList.title': 'Preisliste',
  'priceList.pageTitle': '{business} - Preisliste',
  'priceList.description': '{business} Preisliste: Produkte und aktuelle Preise.',
  'priceList.updated': 'Zuletzt aktualisiert: {date}',
  'priceList.skip': 'Zur Liste springen',
  'priceList.back': '‹ Zurück zur Visitenkarte',
  'priceList.pdf': 'Als PDF öffnen',
  'priceList.categories': 'Kategorien',
  'priceList.search': 'In der Liste suchen',
  'priceList.searchPlaceholder': 'Produktname oder Beschreibung',
  'priceList.soldOut': 'Ausverkauft',
  'priceList.labels': 'Merkmale',
  'priceList.madeWith': 'Erstellt mit {brand}',
};
