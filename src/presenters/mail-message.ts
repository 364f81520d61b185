import { ACCENT_PATTERN, contrastRatio } from '../domain/brand-colors.js';

/**
 * The one layout every e-mail uses (docs/product.md, E-mail): Turkish, an HTML part built from
 * tables with inline styles (mail programs drop style blocks and ignore CSS layout) and a plain
 * text part with the same words. Every value is escaped here; callers pass plain text.
 */
export interface MailContent {
  subject: string;
  heading: string;
  /** Plain text, one paragraph each. */
  paragraphs: string[];
  /** A small table of figures. */
  items?: { label: string; value: string }[];
  /** The main button (an absolute URL). */
  action?: { label: string; url: string };
  /** Why the recipient gets this e-mail. */
  footerNote?: string;
  /** Absolute; adds List-Unsubscribe and List-Unsubscribe-Post (RFC 8058 one-click). */
  unsubscribeUrl?: string;
}

/** The agency's brand as services/brand.service.ts holds it (its `Brand`). */
export interface MailBrand {
  name: string;
  url: string | null;
  accentColor: string | null;
  logoUrl: string | null;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const messages = {
  unsubscribe: 'Bu e-postaları almak istemiyorsanız',
  unsubscribeLink: 'aboneliği bırakın',
  sentBy: (brand: string) => `${brand} · dijital kartvizit`,
};

/** Vizit's own accent (public/css/app.css --brand) when the agency set none. */
const DEFAULT_ACCENT = '#4f46e5';
const TEXT = '#111827';
const MUTED = '#4b5563';
const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/** One line for a header or subject: no line breaks that could start a header of their own. */
function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').trim();
}

/** Only http(s) URLs become links; anything else is left out. */
function httpUrl(value: string | undefined, baseUrl: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, baseUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The button's colour and the readable text colour on it. */
function buttonColours(accent: string | null): { ground: string; ink: string } {
  const ground = accent && ACCENT_PATTERN.test(accent) ? accent : DEFAULT_ACCENT;
  return { ground, ink: contrastRatio(ground, '#ffffff') >= contrastRatio(ground, TEXT) ? '#ffffff' : TEXT };
}

function textPart(
  content: MailContent,
  brand: MailBrand,
  actionUrl: string | null,
  unsubscribeUrl: string | null,
): string {
  const lines = [content.heading, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.items?.length) lines.push(...content.items.map((item) => `${item.label}: ${item.value}`), '');
  if (content.action && actionUrl) lines.push(`${content.action.label}: ${actionUrl}`, '');
  lines.push('--', messages.sentBy(brand.name));
  if (content.footerNote) lines.push(content.footerNote);
  if (unsubscribeUrl) lines.push(`${messages.unsubscribe}: ${unsubscribeUrl}`);
  return `${lines.join('\n')}\n`;
}

function itemsTable(items: MailContent['items']): string {
  if (!items?.length) return '';
  const rows = items
    .map(
      (item) =>
        `<tr><td style="padding:8px 0;border-bottom:1px solid #e5e7eb;color:${MUTED};${FONT};font-size:15px">${escapeHtml(item.label)}</td>` +
        `<td align="right" style="padding:8px 0;border-bottom:1px solid #e5e7eb;color:${TEXT};${FONT};font-size:15px;font-weight:600">${escapeHtml(item.value)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:8px 0 20px">${rows}</table>`;
}

function header(brand: MailBrand, baseUrl: string, accent: string): string {
  const logo = httpUrl(brand.logoUrl ?? undefined, baseUrl);
  const name = escapeHtml(brand.name);
  const mark = logo
    ? `<img src="${escapeHtml(logo)}" alt="${name}" height="40" style="display:block;height:40px;width:auto;border:0">`
    : `<span style="${FONT};font-size:18px;font-weight:700;color:${accent}">${name}</span>`;
  return `<tr><td style="padding:24px 28px 8px">${mark}</td></tr>`;
}

function htmlPart(
  content: MailContent,
  brand: MailBrand,
  baseUrl: string,
  actionUrl: string | null,
  unsubscribeUrl: string | null,
): string {
  const { ground, ink } = buttonColours(brand.accentColor);
  const paragraphs = content.paragraphs
    .map(
      (p) =>
        `<p style="margin:0 0 14px;${FONT};font-size:16px;line-height:1.5;color:${TEXT};white-space:pre-line">${escapeHtml(p)}</p>`,
    )
    .join('');
  const button =
    content.action && actionUrl
      ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 8px"><tr><td style="border-radius:8px;background:${ground}">` +
        `<a href="${escapeHtml(actionUrl)}" style="display:inline-block;padding:12px 22px;${FONT};font-size:16px;font-weight:600;color:${ink};text-decoration:none;border-radius:8px">${escapeHtml(content.action.label)}</a>` +
        `</td></tr></table>`
      : '';
  const footerLines = [escapeHtml(messages.sentBy(brand.name))];
  if (content.footerNote) footerLines.push(escapeHtml(content.footerNote));
  if (unsubscribeUrl) {
    footerLines.push(
      `${escapeHtml(messages.unsubscribe)}: <a href="${escapeHtml(unsubscribeUrl)}" style="color:${MUTED}">${escapeHtml(messages.unsubscribeLink)}</a>`,
    );
  }
  return (
    `<!doctype html><html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(oneLine(content.subject))}</title></head>` +
    `<body style="margin:0;padding:0;background:#f1f3f9">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f3f9"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;border-top:4px solid ${ground}">` +
    header(brand, baseUrl, ground) +
    `<tr><td style="padding:8px 28px 24px">` +
    `<h1 style="margin:0 0 16px;${FONT};font-size:22px;line-height:1.3;color:${TEXT}">${escapeHtml(content.heading)}</h1>` +
    paragraphs +
    itemsTable(content.items) +
    button +
    `</td></tr></table>` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px"><tr><td style="padding:16px 28px;${FONT};font-size:13px;line-height:1.5;color:${MUTED}">` +
    footerLines.join('<br>') +
    `</td></tr></table>` +
    `</td></tr></table></body></html>`
  );
}

/**
 * Renders one e-mail: subject, both parts, and its headers (Content-Language, and the RFC 8058
 * unsubscribe pair when `unsubscribeUrl` is given). `baseUrl` makes the logo's path absolute.
 */
export function renderMail(content: MailContent, brand: MailBrand, baseUrl: string): RenderedMail {
  const actionUrl = httpUrl(content.action?.url, baseUrl);
  const unsubscribeUrl = httpUrl(content.unsubscribeUrl, baseUrl);
  const headers: Record<string, string> = { 'Content-Language': 'tr' };
  if (unsubscribeUrl) {
    headers['List-Unsubscribe'] = `<${unsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return {
    subject: oneLine(content.subject),
    text: textPart(content, brand, actionUrl, unsubscribeUrl),
    html: htmlPart(content, brand, baseUrl, actionUrl, unsubscribeUrl),
    headers,
  };
}
