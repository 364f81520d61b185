import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { passwordProblem } from './domain/password-strength.js';
import { parseObjectStorage, type ObjectStorageSettings } from './lib/storage-url.js';

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly uploadsDir: string;
  /** `postgres://...` when set; otherwise SQLite at `sqliteFile`. */
  readonly databaseUrl: string | null;
  /** Most connections one instance opens to PostgreSQL. */
  readonly databasePoolMax: number;
  readonly sqliteFile: string;
  readonly baseUrl: string | null;
  readonly sessionSecret: string;
  readonly adminEmail: string | null;
  readonly adminPassword: string | null;
  readonly timeZone: string;
  /** Value for Express `trust proxy`; `false` when unset. */
  readonly trustProxy: boolean | number | string;
  readonly isProduction: boolean;
  readonly logLevel: string;
  /** Where `npm run backup` and the automatic backups write their archives. */
  readonly backupsDir: string;
  /** Automatic backup period in hours; null = off. */
  readonly backupEveryHours: number | null;
  /** How many automatic backup archives are kept. */
  readonly backupKeep: number;
  /** Uploads in an S3-compatible bucket (STORAGE_URL); null keeps them under `uploadsDir`. */
  readonly objectStorage: ObjectStorageSettings | null;
  /** SMTP for e-mail (docs/product.md, E-mail); null unless SMTP_URL and MAIL_FROM are both set. */
  readonly mail: MailConfig | null;
}

export interface MailConfig {
  readonly smtpUrl: string;
  readonly from: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function nonEmpty(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${raw}"`);
  }
  return port;
}

function parseBaseUrl(raw: string | undefined): string | null {
  const value = nonEmpty(raw);
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`BASE_URL must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`BASE_URL must start with http:// or https://, got "${value}"`);
  }
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new ConfigError(`BASE_URL must be an origin without a path, got "${value}"`);
  }
  return url.origin;
}

function parseDatabaseUrl(raw: string | undefined): string | null {
  const value = nonEmpty(raw);
  if (!value) return null;
  if (!/^postgres(ql)?:\/\//.test(value)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  return value;
}

function parseTimeZone(env: Env): string {
  const zone = nonEmpty(env.APP_TIMEZONE) ?? nonEmpty(env.TZ) ?? 'Europe/Istanbul';
  try {
    new Intl.DateTimeFormat('tr-TR', { timeZone: zone });
  } catch {
    throw new ConfigError(`APP_TIMEZONE/TZ is not a known time zone: "${zone}"`);
  }
  return zone;
}

/** Express `trust proxy`: a hop count, true/false, or a list of addresses/subnets. */
function parseTrustProxy(raw: string | undefined): boolean | number | string {
  const value = nonEmpty(raw);
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

function parseAdmin(env: Env): { email: string | null; password: string | null } {
  const email = nonEmpty(env.ADMIN_EMAIL);
  const password = env.ADMIN_PASSWORD && env.ADMIN_PASSWORD.length > 0 ? env.ADMIN_PASSWORD : null;
  if ((email === null) !== (password === null)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (email !== null && !/^[^\s@]+@[^\s@]+$/.test(email)) {
    throw new ConfigError(`ADMIN_EMAIL is not an e-mail address: "${email}"`);
  }
  if (password !== null && Array.from(password).length < 8) {
    throw new ConfigError('ADMIN_PASSWORD must be at least 8 characters long');
  }
  if (password !== null && passwordProblem(password, email ?? undefined)) {
    throw new ConfigError('ADMIN_PASSWORD is a common password (or the e-mail address): choose a harder one');
  }
  return { email: email?.toLowerCase() ?? null, password };
}

/** A whole number in [min, max] or the default when unset; anything else names the variable. */
function parseWholeNumber(name: string, raw: string | undefined, min: number, max: number, fallback: number): number {
  const value = nonEmpty(raw);
  if (value === null) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  }
  return n;
}

/** Unset or 0 = off; 24 = daily. Capped at a week, well below setTimeout's 24.8-day limit. */
function parseBackupEveryHours(env: Env, databaseUrl: string | null): number | null {
  const hours = parseWholeNumber('BACKUP_EVERY_HOURS', env.BACKUP_EVERY_HOURS, 0, 168, 0);
  if (hours > 0 && databaseUrl) {
    throw new ConfigError('BACKUP_EVERY_HOURS works with SQLite only; back up PostgreSQL with pg_dump');
  }
  return hours > 0 ? hours : null;
}

/** SMTP_URL and MAIL_FROM together, or neither (no e-mail feature at all). */
function parseMail(env: Env): MailConfig | null {
  const smtpUrl = nonEmpty(env.SMTP_URL);
  const from = nonEmpty(env.MAIL_FROM);
  if ((smtpUrl === null) !== (from === null)) throw new ConfigError('SMTP_URL and MAIL_FROM must be set together');
  if (smtpUrl === null || from === null) return null;
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new ConfigError('SMTP_URL must be a URL such as smtp://user:pass@host:587 or smtps://user:pass@host:465');
  }
  // The URL is never echoed: it may hold the SMTP password.
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  if (!url.hostname) throw new ConfigError('SMTP_URL must name a host');
  // "Name <address>" or a bare address.
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(address) || /[\r\n]/.test(from)) {
    throw new ConfigError(`MAIL_FROM is not an e-mail address (or "Name <address>"): "${from}"`);
  }
  return Object.freeze({ smtpUrl, from });
}

function objectStorage(env: Env): ObjectStorageSettings | null {
  try {
    return parseObjectStorage(env);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
}

/** Reads SESSION_SECRET, or the one generated on first start and kept in DATA_DIR. */
function resolveSessionSecret(raw: string | undefined, dataDir: string): string {
  const given = nonEmpty(raw);
  if (given) {
    if (given.length < 32) throw new ConfigError('SESSION_SECRET must be at least 32 characters long');
    return given;
  }
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx': instances starting together on a shared volume agree on the first one written.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
    writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  }
  return secret;
}

/** Why DATA_DIR is unusable; a folder owned by someone else (a root-owned bind mount) says how to fix it. */
function dataDirProblem(dataDir: string, err: NodeJS.ErrnoException): string {
  if (err.code !== 'EACCES' && err.code !== 'EPERM') return `DATA_DIR "${dataDir}" cannot be created: ${err.message}`;
  const uid = process.getuid?.() ?? 1000;
  const gid = process.getgid?.() ?? 1000;
  return (
    `DATA_DIR "${dataDir}" is not writable by this process (user ${uid}). ` +
    `Give the folder to that user, e.g. on the host: chown -R ${uid}:${gid} <the folder mounted at ${dataDir}>`
  );
}

/**
 * Parses the environment once. A bad value throws a ConfigError naming the variable,
 * so the server refuses to start instead of running half-configured.
 */
export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(nonEmpty(env.DATA_DIR) ?? './data');
  try {
    mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    accessSync(dataDir, constants.W_OK);
    accessSync(path.join(dataDir, 'uploads'), constants.W_OK);
  } catch (err) {
    throw new ConfigError(dataDirProblem(dataDir, err as NodeJS.ErrnoException));
  }
  const admin = parseAdmin(env);
  const logLevel = nonEmpty(env.LOG_LEVEL) ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const databaseUrl = parseDatabaseUrl(env.DATABASE_URL);
  return Object.freeze({
    port: parsePort(env.PORT),
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl,
    databasePoolMax: parseWholeNumber('DATABASE_POOL_MAX', env.DATABASE_POOL_MAX, 2, 500, 10),
    sqliteFile: path.join(dataDir, 'vizit.sqlite'),
    baseUrl: parseBaseUrl(env.BASE_URL),
    sessionSecret: resolveSessionSecret(env.SESSION_SECRET, dataDir),
    adminEmail: admin.email,
    adminPassword: admin.password,
    timeZone: parseTimeZone(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    isProduction: env.NODE_ENV === 'production',
    logLevel,
    backupsDir: path.join(dataDir, 'backups'),
    backupEveryHours: parseBackupEveryHours(env, databaseUrl),
    backupKeep: parseWholeNumber('BACKUP_KEEP', env.BACKUP_KEEP, 1, 1000, 7),
    objectStorage: objectStorage(env),
    mail: parseMail(env),
  });
}
