import { describe, expect, it } from 'vitest';
import {
  profileJsonLd,
  profileJsonLdData,
  scriptSafeJson,
  type JsonLdSource,
} from '../../../src/presenters/profile-json-ld.js';
import type { ContactButton, Profile, SocialLink } from '../../../src/repositories/profile.repository.js';

const profile: Profile = {
  customerId: 1,
  isProfileVisible: true,
  isPhoneVisible: true,
  isEmailVisible: true,
  isWebsiteVisible: true,
  backgroundType: 'color',
  backgroundValue: '#f9fafb',
  bio: null,
  phone: '0532 123 45 67',
  email: 'ayse@example.com',
  website: null,
  company: null,
  title: 'Seramik Sanatçısı',
  addressLine: null,
  district: null,
  city: null,
  postalCode: null,
  profilePhoto: null,
  coverPhoto: null,
  showNameOnCover: false,
  darkMode: false,
  updatedAt: 0,
};

const buttons = (visible: Partial<Record<ContactButton['type'], boolean>> = {}): ContactButton[] =>
  (['phone', 'email', 'add_contact'] as const).map((type, id) => ({ id, type, isVisible: visible[type] ?? true }));

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

const ORIGIN = 'https://vizit.example';

const source = (overrides: Partial<JsonLdSource> = {}): JsonLdSource => ({
  customer: { name: 'Ayşe', surname: 'Kaya', slug: 'aysekaya', version: 7 },
  profile,
  contactButtons: buttons(),
  socialLinks: [],
  ...overrides,
});

const dataOf = (overrides: Partial<JsonLdSource> = {}) => profileJsonLdData(source(overrides), ORIGIN);

describe('profileJsonLdData', () => {
  it('is a Person with the job title when the card names no business', () => {
    expect(dataOf({ profile: { ...profile, profilePhoto: '/uploads/1/p.jpg' } })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Ayşe Kaya',
      jobTitle: 'Seramik Sanatçısı',
      url: 'https://vizit.example/aysekaya',
      image: 'https://vizit.example/uploads/1/p.jpg',
      telephone: '+905321234567',
      email: 'ayse@example.com',
    });
  });

  it(
    'is a LocalBusiness named after the business, with its PostalAddress (ilçe as locality, il as ' +
      'region) and sameAs',
    () => {
      const business = {
        ...profile,
        company: 'Kaya Seramik',
        addressLine: 'Moda Cad. No: 12',
        district: 'Kadıköy',
        city: 'İstanbul',
        postalCode: '34710',
      };
      const links = [
        link(1, 'instagram', 'https://instagram.com/kayaseramik'),
        link(2, 'youtube', 'https://youtube.com/@gizli', false),
        link(3, 'wifi', 'Misafir|sifre123'),
        link(4, 'iban', 'TR330006100519786457841326|Ayşe Kaya'),
        link(5, 'phone', 'tel:+902161234567'),
        link(6, 'whatsapp', 'https://wa.me/905321234567'),
        link(7, 'website', 'https://kayaseramik.com.tr'),
        link(8, 'linkedin', 'https://linkedin.com/in/aysekaya'),
        link(9, 'email', 'mailto:siparis@example.com'),
        link(10, 'instagram', 'javascript:alert(1)'),
      ];
      expect(dataOf({ profile: business, socialLinks: links })).toEqual({
        '@context': 'https://schema.org',
        '@type': 'LocalBusiness',
        name: 'Kaya Seramik',
        url: 'https://vizit.example/aysekaya',
        image: 'https://vizit.example/aysekaya/og.png?v=7',
        telephone: '+905321234567',
        email: 'ayse@example.com',
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'Moda Cad. No: 12',
          addressLocality: 'Kadıköy',
          addressRegion: 'İstanbul',
          postalCode: '34710',
          addressCountry: 'TR',
        },
        sameAs: ['https://instagram.com/kayaseramik', 'https://linkedin.com/in/aysekaya'],
      });
    },
  );

  it('names no phone or e-mail the page does not show, and takes a visible phone link instead', () => {
    const hidden = dataOf({ profile: { ...profile, isPhoneVisible: false, isEmailVisible: false } });
    expect(hidden).not.toHaveProperty('telephone');
    expect(hidden).not.toHaveProperty('email');
    // Shown by the owner but behind no button and not in a vCard: not on the page either.
    const noButtons = dataOf({ contactButtons: buttons({ phone: false, email: false, add_contact: false }) });
    expect(noButtons).not.toHaveProperty('telephone');
    expect(noButtons).not.toHaveProperty('email');
    const fromLink = dataOf({
      contactButtons: buttons({ phone: false, add_contact: false }),
      socialLinks: [link(1, 'phone', 'tel:+902161234567')],
    });
    expect(fromLink.telephone).toBe('+902161234567');
  });

  it('names the sharing card as the image when no photo is shown', () => {
    const hiddenPhoto = { ...profile, profilePhoto: '/uploads/1/p.jpg', isProfileVisible: false };
    expect(dataOf({ profile: hiddenPhoto }).image).toBe('https://vizit.example/aysekaya/og.png?v=7');
  });

  it(
    'names the photo at STORAGE_PUBLIC_URL when set, as the page shows it, and the sharing card still ' +
      'at the origin',
    () => {
      const cdn = 'https://cdn.example.com/vizit';
      const withPhoto = source({ profile: { ...profile, profilePhoto: '/uploads/1/p.jpg?v=5' } });
      expect(profileJsonLdData(withPhoto, ORIGIN, cdn).image).toBe('https://cdn.example.com/vizit/1/p.jpg?v=5');
      expect(profileJsonLdData(source(), ORIGIN, cdn).image).toMatch(
        /^https:\/\/vizit\.example\/aysekaya\/og\.png\?v=\d+$/,
      );
    },
  );

  it('leaves out an address with no parts', () => {
    expect(dataOf()).not.toHaveProperty('address');
    expect(dataOf({ profile: { ...profile, city: 'Ankara' } }).address).toEqual({
      '@type': 'PostalAddress',
      addressRegion: 'Ankara',
      addressCountry: 'TR',
    });
  });
});

describe('scriptSafeJson', () => {
  it('cannot close the script element or open a comment in it, and parses back to the same data', () => {
    const data = { name: '</script><script>alert(1)</script>', bio: '<!-- a & b --> \u2028\u2029' };
    const json = scriptSafeJson(data);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(data);
  });

  it('escapes the business name of the whole block', () => {
    const json = profileJsonLd(source({ profile: { ...profile, company: 'A</script>B' } }), ORIGIN);
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json).name).toBe('A</script>B');
  });
});
