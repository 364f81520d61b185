import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';

/**
 * A file's type by its leading bytes, looked up in `types` (keyed by file-type's extension);
 * the name and the client's MIME type are never asked. The bytes are in memory, or in the file
 * at a path (only as many are read as the check needs). An empty, unreadable or unlisted file
 * throws what `refuse` makes.
 */
export async function sniffType<T>(
  input: Uint8Array | string,
  types: Readonly<Record<string, T>>,
  refuse: () => Error,
): Promise<T> {
  if (typeof input !== 'string' && input.length === 0) throw refuse();
  let detected: { ext: string } | undefined;
  try {
    detected = typeof input === 'string' ? await fileTypeFromFile(input) : await fileTypeFromBuffer(input);
  } catch {
    throw refuse();
  }
  const type = detected ? types[detected.ext] : undefined;
  if (!type) throw refuse();
  return type;
}
