import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminCommandFor } from '../../../src/lib/paths.js';

describe('adminCommandFor', () => {
  it('names the built file where the server runs from dist/ (the image has no TypeScript compiler)', () => {
    expect(adminCommandFor(path.join('/app', 'dist', 'src', 'lib', 'paths.js'))).toBe('node dist/src/cli/admin.js');
  });

  it('names npm where the server runs from sources', () => {
    expect(adminCommandFor(path.join('/work', 'vizit', 'src', 'lib', 'paths.ts'))).toBe('npm run admin --');
  });
});
