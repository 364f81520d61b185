/**
 * What must hold after a restart: the database file is intact, every acknowledged write is
 * there (and no refused one), order indexes are dense. Each problem is returned as a line of
 * text, so one failing run shows all of them at once.
 */
import Database from 'better-sqlite3';
import type { Ledger, LatestValue } from './ledger.js';

interface LinkRow {
  id: number;
  customer_id: number;
  label: string;
  order_index: number;
}

export interface StoredState {
  bios: Map<number, string | null>;
  photos: Map<number, string | null>;
  links: LinkRow[];
}

/** Opens the database read-only, checks it, and compares it with the ledger. */
export function verifyDatabase(sqliteFile: string, ledger: Ledger): { problems: string[]; state: StoredState } {
  const db = new Database(sqliteFile, { readonly: true, fileMustExist: true });
  try {
    const problems: string[] = [];
    const say = (text: string) => problems.push(text);
    const integrity = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
    if (integrity.length !== 1 || integrity[0]?.integrity_check !== 'ok')
      say(`integrity_check: ${JSON.stringify(integrity)}`);
    const foreignKeys = db.pragma('foreign_key_check') as unknown[];
    if (foreignKeys.length > 0) say(`foreign_key_check: ${JSON.stringify(foreignKeys.slice(0, 5))}`);

    checkMessages(db, ledger, say);
    const links = db
      .prepare<[], LinkRow>(
        'select id, customer_id, label, order_index from social_links order by customer_id, order_index, id',
      )
      .all();
    checkLinks(links, ledger, say);
    const profiles = db
      .prepare<[], { customer_id: number; bio: string | null; profile_photo: string | null }>(
        'select customer_id, bio, profile_photo from customer_profiles',
      )
      .all();
    const bios = new Map(profiles.map((p) => [p.customer_id, p.bio]));
    const photos = new Map(profiles.map((p) => [p.customer_id, p.profile_photo]));
    checkBios(bios, ledger, say);
    checkPhotos(photos, ledger, say);
    return { problems, state: { bios, photos, links } };
  } finally {
    db.close();
  }
}

function checkMessages(db: Database.Database, ledger: Ledger, say: (text: string) => void): void {
  const stored = new Map<string, number>();
  for (const row of db
    .prepare<[], { customer_id: number; message: string }>('select customer_id, message from anonymous_messages')
    .iterate()) {
    stored.set(row.message, row.customer_id);
  }
  for (const [text, customerId] of ledger.messages) {
    if (stored.get(text) !== customerId) say(`acknowledged message missing: "${text}" (customer ${customerId})`);
    else ledger.markChecked('message', text);
  }
  for (const text of ledger.refusedMessages.keys()) {
    if (stored.has(text)) say(`refused message stored anyway: "${text}"`);
  }
}

function checkLinks(links: LinkRow[], ledger: Ledger, say: (text: string) => void): void {
  const byLabel = new Map(links.map((link) => [link.label, link]));
  for (const [label, want] of ledger.links) {
    const got = byLabel.get(label);
    if (!got || got.id !== want.id || got.customer_id !== want.customerId)
      say(`acknowledged link missing: "${label}" (id ${want.id}, customer ${want.customerId})`);
    else ledger.markChecked('link', label);
  }
  for (const label of ledger.refusedLinks.keys()) {
    if (byLabel.has(label)) say(`refused link stored anyway: "${label}"`);
  }
  for (const [customerId, latest] of ledger.orders) {
    const rows = links.filter((link) => link.customer_id === customerId);
    const indexes = rows.map((link) => link.order_index);
    if (indexes.some((index, at) => index !== at))
      say(`customer ${customerId}: order indexes not dense 0..${rows.length - 1}: ${indexes.join(',')}`);
    checkOrder(
      customerId,
      rows.map((link) => link.id),
      latest,
      ledger,
      say,
    );
  }
}

/**
 * The last acknowledged reorder named every link the customer had then; links added later go
 * to the end. So, unless a later reorder went unanswered, it is the stored order's beginning.
 */
function checkOrder(
  customerId: number,
  storedIds: number[],
  latest: LatestValue<number[]>,
  ledger: Ledger,
  say: (text: string) => void,
): void {
  if (!latest.acked) return;
  const prefix = storedIds.slice(0, latest.acked.length).join(',');
  if (prefix === latest.acked.join(',')) {
    ledger.markChecked('reorder', `${customerId}:${prefix}`);
    return;
  }
  const later = latest.unanswered.some((order) => storedIds.slice(0, order.length).join(',') === order.join(','));
  if (!later)
    say(`customer ${customerId}: acknowledged order ${latest.acked.join(',')} lost; stored ${storedIds.join(',')}`);
}

function checkBios(stored: Map<number, string | null>, ledger: Ledger, say: (text: string) => void): void {
  for (const [customerId, latest] of ledger.bios) {
    const bio = stored.get(customerId) ?? null;
    const counter = bio === null ? null : Number(/#(\d+) /.exec(bio)?.[1] ?? Number.NaN);
    if (counter === latest.acked) {
      if (counter !== null) ledger.markChecked('bio', String(counter));
      continue;
    }
    if (counter !== null && latest.unanswered.includes(counter)) continue;
    say(
      `customer ${customerId}: bio is ${JSON.stringify(bio)}, but the last acknowledged was ` +
        `#${latest.acked ?? 'none'} (unanswered after it: ${latest.unanswered.join(',') || 'none'})`,
    );
  }
}

function checkPhotos(stored: Map<number, string | null>, ledger: Ledger, say: (text: string) => void): void {
  for (const [customerId, latest] of ledger.photos) {
    const photo = stored.get(customerId) ?? null;
    if (photo === latest.acked) {
      if (photo !== null) ledger.markChecked('photo', photo);
      continue;
    }
    // Another path is fine only when an upload after the acknowledged one got no answer, and it is not an older
    // acknowledged photo.
    const newer = latest.unanswered.length > 0 && photo !== null && !latest.history.has(JSON.stringify(photo));
    if (!newer)
      say(`customer ${customerId}: profile photo is ${photo}, but the last acknowledged was ${latest.acked ?? 'none'}`);
  }
}
