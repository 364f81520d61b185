import { describe, expect, it } from 'vitest';
import { presentIdentity } from '../../../src/presenters/profile-identity.js';
import type { Profile } from '../../../src/repositories/profile.repository.js';

const none = { company: null, title: null, addressLine: null, district: null, city: null, postalCode: null };
const profile = (fields: Partial<Profile>) => ({ ...none, ...fields }) as Profile;

describe('presentIdentity', () => {
  it('shows nothing when no field is given', () => {
    expect(presentIdentity(profile({}))).toEqual({ role: null, address: null, logo: null });
  });

  it("shows a member's company logo, at the public uploads base when there is one", () => {
    const template = {
      companyId: 1,
      values: {} as never,
      locked: new Set<never>(),
      logoPath: '/uploads/900000000000001/logo-a.png',
      accent: null,
    };
    expect(presentIdentity(profile({ template })).logo).toBe('/uploads/900000000000001/logo-a.png');
    expect(presentIdentity(profile({ template }), 'https://cdn.example').logo).toBe(
      'https://cdn.example/900000000000001/logo-a.png',
    );
  });

  it('reads "Unvan · İşletme", or the one that is given', () => {
    expect(presentIdentity(profile({ title: 'Kurucu', company: 'Kaya Kırtasiye' })).role).toBe(
      'Kurucu · Kaya Kırtasiye',
    );
    expect(presentIdentity(profile({ company: 'Kaya Kırtasiye' })).role).toBe('Kaya Kırtasiye');
    expect(presentIdentity(profile({ title: 'Avukat' })).role).toBe('Avukat');
  });

  it('writes the address as a Turkish one is written, with directions to all of it', () => {
    const { address } = presentIdentity(
      profile({ addressLine: 'Moda Cad. No:12 D:3', district: 'Kadıköy', city: 'İstanbul', postalCode: '34710' }),
    );
    expect(address?.lines).toEqual(['Moda Cad. No:12 D:3', '34710 Kadıköy/İstanbul']);
    const href = new URL(address!.directionsHref!);
    expect(`${href.origin}${href.pathname}`).toBe('https://www.google.com/maps/search/');
    expect(href.searchParams.get('api')).toBe('1');
    expect(href.searchParams.get('query')).toBe('Moda Cad. No:12 D:3, 34710 Kadıköy/İstanbul, Türkiye');
    expect(address!.directionsHref).toMatch(/^[\x21-\x7e]+$/);
  });

  it('leaves out the parts that are missing, and offers no directions to a postal code alone', () => {
    expect(presentIdentity(profile({ city: 'Ankara' })).address).toMatchObject({ lines: ['Ankara'] });
    expect(presentIdentity(profile({ district: 'Çankaya', postalCode: '06690' })).address?.lines).toEqual([
      '06690 Çankaya',
    ]);
    expect(presentIdentity(profile({ postalCode: '06690' })).address).toEqual({
      lines: ['06690'],
      directionsHref: null,
    });
  });

  it('keeps a "#" or "&" in the street inside the query', () => {
    const href = new URL(
      presentIdentity(profile({ addressLine: 'A & B İş Merkezi #4', city: 'İzmir' })).address!.directionsHref!,
    );
    expect(href.searchParams.get('query')).toBe('A & B İş Merkezi #4, İzmir, Türkiye');
    expect(href.hash).toBe('');
  });
});
