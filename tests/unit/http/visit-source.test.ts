import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { visitSourceOf } from '../../../src/http/visit-source.js';

/** A bare app answering with the source of each request, as the public page will record it. */
function app(baseUrl: string | null) {
  const server = express();
  server.get('/:slug', (req, res) => {
    res.json({ source: visitSourceOf(req, baseUrl) });
  });
  return server;
}

const sourceOf = async (baseUrl: string | null, query: string, headers: Record<string, string> = {}) =>
  ((await request(app(baseUrl)).get(`/aysekaya${query}`).set(headers).expect(200)).body as { source: string }).source;

describe('visitSourceOf', () => {
  it('reads ?k=qr and ?k=nfc from the page URL before the Referer', async () => {
    expect(await sourceOf(null, '?k=qr', { Referer: 'https://l.instagram.com/' })).toBe('qr');
    expect(await sourceOf(null, '?k=nfc')).toBe('nfc');
    expect(await sourceOf(null, '?k=qr&k=nfc')).toBe('direct'); // repeated: ignored
    expect(await sourceOf(null, '?k[x]=qr')).toBe('direct');
  });

  it.each([
    ['https://l.instagram.com/', 'instagram'],
    ['https://wa.me/', 'whatsapp'],
    ['https://lm.facebook.com/', 'facebook'],
    ['https://www.tiktok.com/', 'tiktok'],
    ['https://t.co/x', 'x'],
    ['https://www.linkedin.com/', 'linkedin'],
    ['https://www.google.com.tr/', 'google'],
    ['https://forum.example.org/konu/1', 'other'],
  ])('maps a Referer of %s to %s', async (referer, expected) => {
    expect(await sourceOf(null, '', { Referer: referer })).toBe(expected);
  });

  it("counts our own pages as direct: BASE_URL's host, else the request's", async () => {
    expect(await sourceOf('https://kart.example.com', '', { Referer: 'https://kart.example.com/mehmetdemir' })).toBe(
      'direct',
    );
    expect(await sourceOf('https://kart.example.com', '', { Referer: 'https://baska.example.com/' })).toBe('other');
    expect(
      await sourceOf(null, '', { Host: 'vizit.local:8080', Referer: 'http://vizit.local:8080/aysekaya?sent=1' }),
    ).toBe('direct');
    expect(await sourceOf(null, '')).toBe('direct');
  });
});
