/**
 * `Content-Disposition: attachment` with a file name that survives Turkish letters: an ASCII
 * `filename` for old clients and the real name as UTF-8 in `filename*` (RFC 6266, RFC 8187).
 */
export function attachmentHeader(fileName: string, asciiFallback: string): string {
  const ascii = asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
