import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { WrittenContent } from '../../src/storage/file-storage.js';

/** What a re-encoded image writes (what the storage would receive), read back from a temporary file. */
export async function bytesOf(content: WrittenContent): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vizit-encoded-'));
  try {
    const file = path.join(dir, 'image');
    await content.writeTo(file);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A re-encoded image rather than bytes: something with `writeTo`, and no Buffer. */
export function isWrittenContent(value: unknown): value is WrittenContent {
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof Uint8Array) &&
    typeof (value as WrittenContent).writeTo === 'function'
  );
}
