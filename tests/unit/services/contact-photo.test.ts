import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactPhotoJpeg, uploadFilePath } from '../../../src/services/contact-photo.js';

describe('uploadFilePath', () => {
  const root = path.resolve('/srv/data/uploads');

  it.each([
    ['/uploads/12/profile-abc.jpg', path.join(root, '12', 'profile-abc.jpg')],
    ['/uploads/12/profile-abc.jpg?v=3', path.join(root, '12', 'profile-abc.jpg')],
    ['/uploads/12/profil%20foto.jpg', path.join(root, '12', 'profil foto.jpg')],
  ])('maps %j inside the uploads folder', (publicPath, expected) => {
    expect(uploadFilePath(root, publicPath)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['/uploads/'],
    ['/uploads/../vizit.sqlite'],
    ['/uploads/12/../../vizit.sqlite'],
    ['/uploads/%2e%2e/vizit.sqlite'],
    ['/uploads/12/%2e%2e%2f%2e%2e%2fvizit.sqlite'],
    ['/uploads/12\\..\\..\\vizit.sqlite'],
    ['/uploads/12/..%5c..%5cvizit.sqlite'],
    ['/uploads//etc/passwd'],
    ['/uploads/12/.hidden.jpg'],
    ['/uploads/12/a%00.jpg'],
    ['/uploads/%E0%A4%A.jpg'],
    ['/etc/passwd'],
    ['uploads/12/a.jpg'],
    ['https://example.com/uploads/12/a.jpg'],
    ['data:image/jpeg;base64,AAAA'],
  ])('refuses %j', (publicPath) => {
    expect(uploadFilePath(root, publicPath)).toBeNull();
  });
});

describe('contactPhotoJpeg', () => {
  let dir: string;
  let uploads: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vizit-photo-'));
    uploads = path.join(dir, 'uploads');
    await mkdir(path.join(uploads, '7'), { recursive: true });
    const png = await sharp({ create: { width: 640, height: 480, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } }).png().toBuffer();
    await writeFile(path.join(uploads, '7', 'wide.png'), png);
    await writeFile(path.join(uploads, '7', 'broken.jpg'), 'not an image');
    await writeFile(path.join(dir, 'outside.png'), png);
    await symlink(path.join(dir, 'outside.png'), path.join(uploads, '7', 'escape.png'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('makes a 200x200 JPEG of any stored image', async () => {
    const jpeg = await contactPhotoJpeg(uploads, '/uploads/7/wide.png');
    expect(jpeg).not.toBeNull();
    expect(await sharp(jpeg ?? Buffer.alloc(0)).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 200 });
  });

  it.each([
    ['a missing file', '/uploads/7/none.jpg'],
    ['a file that is not an image', '/uploads/7/broken.jpg'],
    ['a symlink out of the uploads folder', '/uploads/7/escape.png'],
    ['a path out of the uploads folder', '/uploads/../outside.png'],
    ['no photo', null],
  ])('gives null for %s', async (_case, publicPath) => {
    expect(await contactPhotoJpeg(uploads, publicPath)).toBeNull();
  });
});
