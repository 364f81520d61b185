import { ACCENT_PATTERN, contrastRatio } from '../domain/brand-colors.js';
import { viewTemplate } from '../lib/view-template.js';

/**
 * The one layout every e-mail uses (docs/product.md, E-mail): Turkish, an HTML part built from
 * tables with inline styles (mail programs drop style blocks and ignore CSS layout) and a plain
 * text part with the same words. The HTML is views/mail/layout.ejs, which escapes every value; callers pass plain
 * text.
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

const layout = viewTemplate('mail/layout');

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

/** The accent (the button's ground and the top border) and the readable text colour on it. */
function accentColours(accent: string | null): { accent: string; onAccent: string } {
  const ground = accent && ACCENT_PATTERN.test(accent) ? accent : DEFAULT_ACCENT;
  return {
    accent: ground,
    onAccent: contrastRatio(ground, '#ffffff') >= contrastRatio(ground, TEXT) ? '#ffffff' : TEXT,
  };
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

/** What views/mail/layout.ejs shows: the same words as the text part, in plain text for its `<%=`. */
function htmlPart(
  content: MailContent,
  brand: MailBrand,
  baseUrl: string,
  actionUrl: string | null,
  unsubscribeUrl: string | null,
): string {
  return layout({
    mail: {
      title: oneLine(content.subject),
      brandName: brand.name,
      logoUrl: httpUrl(brand.logoUrl ?? undefined, baseUrl),
      colours: { ...accentColours(brand.accentColor), text: TEXT, muted: MUTED },
      heading: content.heading,
      paragraphs: content.paragraphs,
      items: content.items ?? [],
      action: content.action && actionUrl ? { label: content.action.label, url: actionUrl } : null,
      sentBy: messages.sentBy(brand.name),
      footerNote: content.footerNote ?? null,
      unsubscribe: unsubscribeUrl
        ? { text: messages.unsubscribe, url: unsubscribeUrl, link: messages.unsubscribeLink }
        : null,
    },
  });
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
