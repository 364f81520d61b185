/**
 * Image and video addresses of backgrounds and covers. They are never placed in CSS: the page
 * renders them as <img>/<video> src, which the template escapes. Still, only http(s) URLs, our
 * own /uploads/ files and base64 image data URLs get through.
 */

export const MEDIA_LIMITS = {
  urlLength: 2048,
  /** Characters of base64 in a data URL (about 1.5 MB of image). */
  dataUrlBase64: 2 * 1024 * 1024,
} as const;

// Up to 15 digits: a company's uploads folder (domain/company-template.ts) is past every customer's id.
const UPLOAD_FILE = '\\/uploads\\/\\d{1,15}\\/[a-z0-9][a-z0-9._-]{0,127}';
const UPLOAD_IMAGE = new RegExp(`^${UPLOAD_FILE}\\.(?:jpe?g|png|webp|gif)(?:\\?v=\\d{1,20})?$`, 'i');
const UPLOAD_VIDEO = new RegExp(`^${UPLOAD_FILE}\\.(?:mp4|webm|ogg|mov)(?:\\?v=\\d{1,20})?$`, 'i');
const VIDEO_PATH = /\.(?:mp4|webm|ogg|mov)$/i;
const DATA_IMAGE = /^data:image\/(png|jpeg|webp|gif);base64,/i;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
// Whitespace, quotes, angle brackets, backslashes and controls have no place in a URL we store.
const URL_UNSAFE = /[\s"'`<>\\\u0000-\u001f\u007f]/;

/** An absolute http(s) URL in the form the URL parser gives it back, or null. */
function httpUrl(value: string): string | null {
  if (value.length > MEDIA_LIMITS.urlLength || !/^https?:\/\//i.test(value) || URL_UNSAFE.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password)
    return null;
  return url.href;
}

/** An image address, `'too-large'` for a data URL over the limit, or null. */
export type ImageUrlResult = { url: string } | 'too-large' | null;

function dataImageUrl(value: string): ImageUrlResult {
  const m = DATA_IMAGE.exec(value);
  if (!m) return null;
  const payload = value.slice(m[0].length);
  if (payload.length > MEDIA_LIMITS.dataUrlBase64) return 'too-large';
  if (payload.length === 0 || payload.length % 4 !== 0 || !BASE64.test(payload)) return null;
  return { url: `data:image/${(m[1] ?? '').toLowerCase()};base64,${payload}` };
}

/** `video:` prefix given: any http(s) URL or an uploaded video file. */
export function videoUrl(value: string): string | null {
  if (UPLOAD_VIDEO.test(value)) return value;
  return httpUrl(value);
}

/** No prefix: a video only when the path says so. */
export function plainVideoUrl(value: string): string | null {
  if (UPLOAD_VIDEO.test(value)) return value;
  const href = httpUrl(value);
  return href && VIDEO_PATH.test(new URL(href).pathname) ? href : null;
}

/**
 * One of our uploads, re-encoded by us: the only image a public page may load from now on (docs/product.md, Backgrounds
 * and covers).
 */
export function isUploadedImage(value: string): boolean {
  return UPLOAD_IMAGE.test(value);
}

/** An uploaded image, an http(s) URL or a base64 image data URL (still read: values stored before are shown). */
export function imageUrl(value: string): ImageUrlResult {
  if (UPLOAD_IMAGE.test(value)) return { url: value };
  if (value.startsWith('data:')) return dataImageUrl(value);
  const href = httpUrl(value);
  return href ? { url: href } : null;
}
