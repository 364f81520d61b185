/**
 * The largest files the owner may upload: enforced by the server's multipart parser
 * (src/middleware/upload.ts) and checked early by the widgets, so a too-large file is refused
 * before it is sent. Browser-safe: imports nothing outside src/shared. See docs/product.md, "Limits".
 */

const MB = 1024 * 1024;

/** Profile and cover photos, and the page background image: 5 MB. */
export const IMAGE_UPLOAD_MAX_BYTES = 5 * MB;

/** Catalog files (PDF or image): 10 MB. */
export const CATALOG_UPLOAD_MAX_BYTES = 10 * MB;
