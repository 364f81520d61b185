import { describe, expect, it } from 'vitest';
import {
  buildVCard,
  escapeText,
  foldLine,
  MAX_LINE_OCTETS,
  normalizePhone,
  phoneTypeOf,
} from '../../../src/domain/vcard.js';
import { contactCardOf, httpUrl } from '../../../src/presenters/contact-card.js';
import type { Profile, SocialLink } from '../../../src/repositories/profile.repository.js';

const octets = (s: string) => Buffer.byteLength(s, 'utf8');

/** RFC 2425 unfolding: a CRLF followed by one space or tab is removed. */
const unfold = (s: string) => s.replace(/\r\n[ \t]/g, '');

describe('escapeText', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', 'a\\,b'],
    ['a;b', 'a\\;b'],
    ['a\\b', 'a\\\\b'],
    ['bir\nikı\r\nüç\rdört', 'bir\\nikı\\nüç\\ndört'],
    ['\\,;', '\\\\\\,\\;'],
    ['Çağrı Öztürk: İş', 'Çağrı Öztürk: İş'],
  ])('%j → %j', (input, expected) => {
    expect(escapeText(input)).toBe(expected);
  });

  it('escapes the backslash first, so an escape sequence in the input is not taken for ours', () => {
    expect(escapeText('\\n')).toBe('\\\\n');
    expect(escapeText('\\,')).toBe('\\\\\\,');
  });
});

describe('foldLine', () => {
  it('leaves a line of exactly 75 octets alone', () => {
    const line = 'N'.repeat(MAX_LINE_OCTETS);
    expect(foldLine(line)).toBe(line);
  });

  it('folds ASCII at 75 octets, continuation lines starting with one space and counted in their 75', () => {
    const line = 'x'.repeat(200);
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.map(octets)).toEqual([75, 75, 52]);
    expect(physical.slice(1).every((l) => l.startsWith(' ') && !l.startsWith('  '))).toBe(true);
    expect(unfold(folded)).toBe(line);
  });

  it('never splits a Turkish letter (2 octets) and keeps every line within 75 octets', () => {
    // 'a' first puts the two-octet letters on odd offsets, so a naive cut at 75 would split one.
    const line = `NOTE:a${'ğüşıöçĞÜŞİÖÇ'.repeat(12)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(3);
    for (const l of physical) {
      expect(octets(l)).toBeLessThanOrEqual(75);
      expect(Buffer.from(l, 'utf8').toString('utf8')).toBe(l);
      expect(l).not.toContain('\uFFFD');
    }
    // The first line stops at 74 octets: one more 2-octet letter would make it 76.
    expect(octets(physical[0] ?? '')).toBe(74);
    expect(unfold(folded)).toBe(line);
  });

  it('never splits a 4-octet character (emoji) or a surrogate pair', () => {
    const line = `NOTE:${'😀'.repeat(40)}`;
    const folded = foldLine(line);
    for (const l of folded.split('\r\n')) {
      expect(octets(l)).toBeLessThanOrEqual(75);
      expect(l).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
    expect(unfold(folded)).toBe(line);
  });
});

describe('normalizePhone', () => {
  it.each([
    ['0532 123 45 67', '+905321234567'],
    ['5321234567', '+905321234567'],
    ['(0532) 123-45-67', '+905321234567'],
    ['0212 555 12 34', '+902125551234'],
    ['90 532 123 45 67', '+905321234567'],
    ['+90 532 123 45 67', '+905321234567'],
    ['+49 30 1234567', '+49301234567'],
    ['0049 30 1234567', '+49301234567'],
    ['+1 (555) 010-9999', '+15550109999'],
    ['444 1 234', '4441234'],
  ])('%j → %j', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each([[null], [undefined], [''], ['   '], ['yok'], ['+']])('%j has no number', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});

describe('buildVCard: the business', () => {
  it(
    'writes ORG, TITLE and a work ADR ' + '(box;extended;street;locality=ilçe;region=il;postal code;country), escaped',
    () => {
      const text = buildVCard({
        name: 'Ayşe',
        surname: 'Kaya',
        organization: 'Kaya; Seramik, Atölye',
        title: 'Kurucu',
        address: {
          street: 'Caferağa Mah. Moda Cad. No: 12',
          district: 'Kadıköy',
          city: 'İstanbul',
          postalCode: '34710',
          country: 'Türkiye',
        },
      });
      expect(unfold(text).split('\r\n')).toEqual([
        'BEGIN:VCARD',
        'VERSION:3.0',
        'N:Kaya;Ayşe;;;',
        'FN:Ayşe Kaya',
        'ORG:Kaya\\; Seramik\\, Atölye',
        'TITLE:Kurucu',
        'ADR;TYPE=WORK:;;Caferağa Mah. Moda Cad. No: 12;Kadıköy;İstanbul;34710;Türkiye',
        'END:VCARD',
        '',
      ]);
    },
  );

  it('keeps the places of missing address parts and leaves out an address with none', () => {
    const partial = buildVCard({ name: 'A', surname: 'B', address: { city: 'Ankara', country: 'Türkiye' } });
    expect(partial).toContain('\r\nADR;TYPE=WORK:;;;;Ankara;;Türkiye\r\n');
    const empty = buildVCard({
      name: 'A',
      surname: 'B',
      organization: ' ',
      title: null,
      address: { street: ' ', country: 'Türkiye' },
    });
    expect(empty).not.toMatch(/^(ORG|TITLE|ADR)/m);
  });

  it('writes every phone and e-mail with its type, in order', () => {
    const text = buildVCard({
      name: 'A',
      surname: 'B',
      phones: [
        { number: '+905321234567', type: 'CELL' },
        { number: '+902161234567', type: 'WORK' },
      ],
      emails: ['a@example.com', 'siparis@example.com'],
    });
    expect(text.split('\r\n').filter((l) => /^(TEL|EMAIL)/.test(l))).toEqual([
      'TEL;TYPE=CELL:+905321234567',
      'TEL;TYPE=WORK:+902161234567',
      'EMAIL;TYPE=INTERNET,WORK:a@example.com',
      'EMAIL;TYPE=INTERNET,WORK:siparis@example.com',
    ]);
  });
});

describe('phoneTypeOf', () => {
  it.each([
    ['+905321234567', 'CELL'],
    ['+902161234567', 'WORK'],
    ['+49301234567', 'WORK'],
    ['4441234', 'WORK'],
  ] as const)('%j is %j', (number, type) => {
    expect(phoneTypeOf(number)).toBe(type);
  });
});

describe('buildVCard', () => {
  it('writes a vCard 3.0 with CRLF endings, N as surname;name;;; and escaped text', () => {
    const text = buildVCard({
      name: 'Ayşe, Nur',
      surname: 'Yıl;maz',
      phones: [{ number: '+905321234567', type: 'CELL' }],
      emails: ['ayse@example.com'],
      urls: [{ value: 'https://example.com/a,b;c', type: 'work' }],
      note: 'Kahve, çay; tatlı\nHer gün açık \\o/',
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text.split('\r\n')).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Yıl\\;maz;Ayşe\\, Nur;;;',
      'FN:Ayşe\\, Nur Yıl\\;maz',
      'TEL;TYPE=CELL:+905321234567',
      'EMAIL;TYPE=INTERNET,WORK:ayse@example.com',
      // A URI value is not text: it is written as it is, never backslash-escaped.
      'URL;TYPE=WORK:https://example.com/a,b;c',
      'NOTE:Kahve\\, çay\\; tatlı\\nHer gün açık \\\\o/',
      'END:VCARD',
      '',
    ]);
  });

  it('leaves out what is missing', () => {
    const text = buildVCard({
      name: 'Ali',
      surname: 'Veli',
      phones: [{ number: '+902125551234', type: 'WORK' }],
      emails: [],
      note: '  ',
    });
    expect(text).toBe(
      'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Veli;Ali;;;\r\nFN:Ali Veli\r\nTEL;TYPE=WORK:+902125551234\r\nEND:VCARD\r\n',
    );
  });

  it('reduces a TYPE parameter to a safe token and strips control characters from a URI', () => {
    const text = buildVCard({
      name: 'A',
      surname: 'B',
      urls: [{ value: 'https://e.com/x\r\nEMAIL:evil', type: 'a:b;c"\nd' }],
    });
    expect(text).toContain('URL;TYPE=ABCD:https://e.com/xEMAIL:evil\r\n');
    expect(text.match(/^EMAIL/m)).toBeNull();
  });

  it('embeds the photo as base64, folded, and no physical line exceeds 75 octets', () => {
    const photo = Buffer.from(Array.from({ length: 500 }, (_, i) => i % 256));
    const text = buildVCard({ name: 'Çağrı', surname: 'Öztürk', note: 'ğ'.repeat(100), photoJpeg: photo });
    for (const line of text.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
    const photoLine = unfold(text)
      .split('\r\n')
      .find((l) => l.startsWith('PHOTO;'));
    expect(photoLine?.startsWith('PHOTO;ENCODING=b;TYPE=JPEG:')).toBe(true);
    expect(Buffer.from(photoLine?.slice('PHOTO;ENCODING=b;TYPE=JPEG:'.length) ?? '', 'base64').equals(photo)).toBe(
      true,
    );
  });
});

describe('httpUrl', () => {
  it.each([
    ['https://example.com', {}, 'https://example.com/'],
    ['http://örnek.com.tr/yol', {}, 'http://xn--rnek-4qa.com.tr/yol'],
    ['example.com', { allowBare: true }, 'https://example.com/'],
    ['example.com', {}, null],
    ['javascript:alert(1)', { allowBare: true }, null],
    ['mailto:a@b.co', {}, null],
    ['tel:+90532', {}, null],
    ['/uploads/1/katalog.pdf', {}, null],
    ['TR330006100519786457841326|Ali', {}, null],
    ['', {}, null],
    [null, {}, null],
  ] as const)('%j %j → %j', (input, options, expected) => {
    expect(httpUrl(input, options)).toBe(expected);
  });
});

describe('contactCardOf', () => {
  const profile: Profile = {
    customerId: 1,
    isProfileVisible: true,
    isPhoneVisible: true,
    isEmailVisible: true,
    isWebsiteVisible: true,
    backgroundType: 'color',
    backgroundValue: '#f9fafb',
    bio: 'Merhaba',
    phone: '0532 123 45 67',
    email: ' ali@example.com ',
    website: 'www.ornek.com.tr',
    company: null,
    title: null,
    addressLine: null,
    district: null,
    city: null,
    postalCode: null,
    profilePhoto: '/uploads/1/p.jpg',
    coverPhoto: null,
    showNameOnCover: false,
    darkMode: false,
    updatedAt: 0,
  };
  const link = (id: number, platform: string, url: string, isVisible = true): SocialLink => ({
    id,
    customerId: 1,
    platform,
    url,
    label: platform,
    icon: null,
    isVisible,
    orderIndex: id,
  });
  const links = [
    link(1, 'instagram', 'https://instagram.com/ali'),
    link(2, 'youtube', 'https://youtube.com/@ali', false),
    link(3, 'email', 'mailto:ali@example.com'),
    link(4, 'wifi', 'https://ag-adi|gizli-sifre'),
    link(5, 'iban', 'TR330006100519786457841326|Ali Veli'),
    link(6, 'catalog', '/uploads/1/katalog.pdf'),
    link(7, 'website', 'https://www.ornek.com.tr/'),
    link(8, 'whatsapp', 'https://wa.me/905321234567'),
  ];
  const photo = Buffer.from('jpeg');

  it('shares every visible item, the website first, then the profile, then the http(s) links', () => {
    const card = contactCardOf({
      customer: { name: 'Ali', surname: 'Veli' },
      profile,
      links,
      profileUrl: 'https://vizit.example/aliveli',
      photoJpeg: photo,
    });
    expect(card).toEqual({
      name: 'Ali',
      surname: 'Veli',
      organization: null,
      title: null,
      address: null,
      phones: [{ number: '+905321234567', type: 'CELL' }],
      emails: ['ali@example.com'],
      urls: [
        { value: 'https://www.ornek.com.tr/', type: 'WORK' },
        { value: 'https://vizit.example/aliveli', type: 'PROFILE' },
        { value: 'https://instagram.com/ali', type: 'instagram' },
        { value: 'https://wa.me/905321234567', type: 'whatsapp' },
      ],
      note: 'Merhaba',
      photoJpeg: photo,
    });
  });

  it('leaves out the phone, e-mail, website and photo the owner hid', () => {
    const hidden = {
      ...profile,
      isPhoneVisible: false,
      isEmailVisible: false,
      isWebsiteVisible: false,
      isProfileVisible: false,
    };
    const card = contactCardOf({
      customer: { name: 'Ali', surname: 'Veli' },
      profile: hidden,
      links: [],
      profileUrl: 'https://vizit.example/aliveli',
      photoJpeg: photo,
    });
    expect(card.phones).toEqual([]);
    expect(card.emails).toEqual([]);
    expect(card.photoJpeg).toBeNull();
    expect(card.urls).toEqual([{ value: 'https://vizit.example/aliveli', type: 'PROFILE' }]);
  });

  it('carries the business, the title and the address in Türkiye', () => {
    const business = {
      ...profile,
      company: 'Veli Kırtasiye',
      title: 'Sahibi',
      addressLine: 'Atatürk Cad. No: 5',
      district: 'Çankaya',
      city: 'Ankara',
      postalCode: '06420',
    };
    const card = contactCardOf({
      customer: { name: 'Ali', surname: 'Veli' },
      profile: business,
      links: [],
      profileUrl: 'https://vizit.example/aliveli',
      photoJpeg: null,
    });
    expect(card.organization).toBe('Veli Kırtasiye');
    expect(card.title).toBe('Sahibi');
    expect(card.address).toEqual({
      street: 'Atatürk Cad. No: 5',
      district: 'Çankaya',
      city: 'Ankara',
      postalCode: '06420',
      country: 'Türkiye',
    });
  });

  it('adds the visible phone, WhatsApp (a mobile) and e-mail links, each number and address once', () => {
    const more = [
      link(10, 'phone', 'tel:+902161234567'),
      link(11, 'phone', 'tel:+905321234567'),
      link(12, 'whatsapp', 'https://wa.me/905441112233'),
      link(13, 'whatsapp', 'https://api.whatsapp.com/send?phone=905551112233'),
      link(14, 'whatsapp', 'https://wa.me/message/ABCDEF'),
      link(15, 'phone', 'tel:+903121112233', false),
      link(16, 'email', 'mailto:ALI@example.com'),
      link(17, 'email', 'mailto:siparis@example.com?subject=Sipari%C5%9F'),
      link(18, 'email', 'mailto:gizli@example.com', false),
    ];
    const card = contactCardOf({
      customer: { name: 'Ali', surname: 'Veli' },
      profile,
      links: more,
      profileUrl: 'https://vizit.example/aliveli',
      photoJpeg: null,
    });
    expect(card.phones).toEqual([
      { number: '+905321234567', type: 'CELL' },
      { number: '+902161234567', type: 'WORK' },
      { number: '+905441112233', type: 'CELL' },
      { number: '+905551112233', type: 'CELL' },
    ]);
    expect(card.emails).toEqual(['ali@example.com', 'siparis@example.com']);
  });

  it("takes the links' numbers and addresses when the owner hid the profile's own", () => {
    const hidden = { ...profile, isPhoneVisible: false, isEmailVisible: false };
    const card = contactCardOf({
      customer: { name: 'Ali', surname: 'Veli' },
      profile: hidden,
      links,
      profileUrl: 'https://vizit.example/aliveli',
      photoJpeg: null,
    });
    expect(card.phones).toEqual([{ number: '+905321234567', type: 'CELL' }]);
    expect(card.emails).toEqual(['ali@example.com']);
  });
});
