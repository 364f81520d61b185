import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { contactPhotoJpeg } from '../../../src/media/contact-photo.js';

describe('contactPhotoJpeg', () => {
  it('makes a 200x200 JPEG of any stored image, transparency on white', async () => {
    const png = await sharp({
      create: { width: 640, height: 480, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const jpeg = await contactPhotoJpeg(png);
    expect(jpeg).not.toBeNull();
    expect(await sharp(jpeg ?? Buffer.alloc(0)).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 200 });
    const { data } = await sharp(jpeg ?? Buffer.alloc(0))
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Half-transparent blue over white: light blue, not dark blue over black.
    expect(data[0]).toBeGreaterThan(100);
    expect(data[2]).toBeGreaterThan(200);
  });

  it.each([
    ['no photo', null],
    ['bytes that are not an image', Buffer.from('not an image')],
    ['an empty file', Buffer.alloc(0)],
  ])('gives null for %s', async (_case, bytes) => {
    expect(await contactPhotoJpeg(bytes)).toBeNull();
  });
});
