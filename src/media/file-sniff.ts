import { fileTypeFromBuffer } from 'file-type';

/**
 * A file's type by its leading bytes, looked up in `types` (keyed by file-type's extension);
 * the name and the client's MIME type are never asked. An empty, unreadable or unlisted file
 * throws what `refuse` makes.
 */
export async function sniffType<T>(buffer: Uint8Array, types: Readonly<Record<string, T>>, refuse: () => Error): Promise<T> {
  if (buffer.length === 0) throw refuse();
  let detected: { ext: string } | undefined;
  try {
    detected = await fileTypeFromBuffer(buffer);
  } catch {
    throw refuse();
  }
  const type = detected ? types[detected.ext] : undefined;
  if (!type) throw refuse();
  return type;
}
