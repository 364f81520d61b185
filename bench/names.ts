/**
 * Seeded random data that looks like a Turkish small-business customer base: the same seed
 * gives the same data set, so two runs measure the same thing.
 */

export { seededRandom } from '../tests/helpers/seeded-random.js';

export function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

const FIRST_NAMES = [
  'Ayşe',
  'Fatma',
  'Emine',
  'Hatice',
  'Zeynep',
  'Elif',
  'Meryem',
  'Şerife',
  'Zehra',
  'Sultan',
  'Hanife',
  'Merve',
  'Özlem',
  'Büşra',
  'Esra',
  'Gülşen',
  'Derya',
  'Ebru',
  'Yasemin',
  'Sevgi',
  'Dilek',
  'Gizem',
  'Tuğba',
  'Çiğdem',
  'İrem',
  'Ecrin',
  'Nesrin',
  'Songül',
  'Pınar',
  'Şule',
  'Mehmet',
  'Mustafa',
  'Ahmet',
  'Ali',
  'Hüseyin',
  'Hasan',
  'İbrahim',
  'İsmail',
  'Osman',
  'Yusuf',
  'Murat',
  'Ömer',
  'Ramazan',
  'Halil',
  'Süleyman',
  'Abdullah',
  'Mahmut',
  'Recep',
  'Salih',
  'Kemal',
  'Emre',
  'Burak',
  'Oğuz',
  'Serkan',
  'Gökhan',
  'Uğur',
  'Çağlar',
  'Barış',
  'Tolga',
  'Volkan',
  'Selin',
  'Deniz',
  'Can',
  'Cem',
  'Eren',
  'Kaan',
  'Berk',
  'Onur',
  'Sinan',
  'Tarık',
] as const;

/** The most common surnames first; `weightedSurname` draws those more often, as in life. */
const SURNAMES = [
  'Yılmaz',
  'Kaya',
  'Demir',
  'Çelik',
  'Şahin',
  'Yıldız',
  'Yıldırım',
  'Öztürk',
  'Aydın',
  'Özdemir',
  'Arslan',
  'Doğan',
  'Kılıç',
  'Aslan',
  'Çetin',
  'Kara',
  'Koç',
  'Kurt',
  'Özkan',
  'Şimşek',
  'Polat',
  'Özcan',
  'Korkmaz',
  'Çakır',
  'Erdoğan',
  'Yavuz',
  'Can',
  'Acar',
  'Şen',
  'Aktaş',
  'Güler',
  'Yalçın',
  'Güneş',
  'Bozkurt',
  'Bulut',
  'Keskin',
  'Ünal',
  'Turan',
  'Gül',
  'Özer',
  'Işık',
  'Kaplan',
  'Avcı',
  'Sarı',
  'Tekin',
  'Taş',
  'Köse',
  'Yüksel',
  'Ateş',
  'Aksoy',
  'Ekinci',
  'Uçar',
  'Tunç',
  'Erdem',
  'Karataş',
  'Çiftçi',
  'Başaran',
  'Altun',
  'Uysal',
  'Sönmez',
  'Gündoğdu',
  'Karakaya',
  'Kocabaş',
  'Erkan',
  'Duman',
  'Tuncer',
  'Akgül',
  'Oral',
  'Bilgin',
  'Özbek',
] as const;

/** Small businesses put their trade in the name field more often than not. */
const TRADES = [
  '',
  '',
  '',
  '',
  'Kuaför',
  'Berber',
  'Pastane',
  'Kafe',
  'Emlak',
  'Oto Servis',
  'Çiçekçi',
  'Fotoğraf',
  'Terzi',
  'Diş Kliniği',
  'Avukatlık',
  'Eczane',
  'Nalbur',
  'Kasap',
  'Fırın',
] as const;

export interface PersonName {
  name: string;
  surname: string;
}

/** Skewed towards the front of SURNAMES (a search for "Yılmaz" finds a few hundred). */
function weightedSurname(random: () => number): string {
  const index = Math.floor(Math.pow(random(), 1.8) * SURNAMES.length);
  return SURNAMES[Math.min(index, SURNAMES.length - 1)]!;
}

export function randomPerson(random: () => number): PersonName {
  const first = pick(random, FIRST_NAMES);
  const trade = pick(random, TRADES);
  return { name: trade ? `${first} ${trade}` : first, surname: weightedSurname(random) };
}

/** The surname the admin search benchmark looks for: the most common one. */
export const SEARCH_SURNAME = SURNAMES[0];

const OPENINGS = ['Merhaba,', 'İyi günler,', 'Selamlar,', 'Kolay gelsin,', ''] as const;
const BODIES = [
  'dün akşam aldığım siparişte bir ürün eksik çıktı.',
  'hafta sonu açık mısınız acaba?',
  'çalışanlarınız çok ilgiliydi, teşekkür ederim.',
  'fiyat listesini güncelleyebilir misiniz?',
  'kartla ödeme seçeneği eklenirse çok iyi olur.',
  'otopark konusunda bir düzenleme yapılabilir mi?',
  'randevu saatine rağmen yarım saat bekledim.',
  'ürünlerinizin kalitesi harika, herkese tavsiye ediyorum.',
  'paket servis ne zaman başlayacak?',
  'IBAN ile ödeme yaptım, dekontu nereye iletebilirim?',
] as const;

/** A visitor's anonymous message, 30-120 characters like the real ones. */
export function randomMessage(random: () => number): string {
  const opening = pick(random, OPENINGS);
  const body = pick(random, BODIES);
  return opening ? `${opening} ${body}` : body.charAt(0).toLocaleUpperCase('tr-TR') + body.slice(1);
}
