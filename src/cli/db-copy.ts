import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDb } from '../db.js';
import { copyDatabase, type TableCopyReport } from '../ops/db-copy.js';
import { openSqliteSource, probeDatabase, probeSqliteSource } from '../repositories/db-copy.repository.js';
import { CliExit, runCli } from './run-cli.js';

const usage = `Kullanım / usage:
  npm run db:copy -- --to postgres://KULLANICI:ŞİFRE@SUNUCU:5432/VERİTABANI [--from vizit.sqlite]
SQLite verisini boş bir PostgreSQL veritabanına kopyalar (varsayılan kaynak: DATA_DIR/vizit.sqlite).
Kopyalarken sunucuyu durdurun: sonradan yazılanlar kopyaya girmez.
Copies the SQLite data into an empty PostgreSQL database (default source: DATA_DIR/vizit.sqlite).
Stop the server while copying: whatever it writes afterwards is not in the copy.`;

interface Args {
  to: string;
  from: string | null;
}

/** `--to URL` and `--from FILE`, each also as `--name=value`; null on anything else. */
function parseArgs(args: string[]): Args | null {
  const values = new Map<string, string>();
  for (let i = 0; i < args.length; i += 1) {
    const match = /^--(to|from)(?:=(.*))?$/s.exec(args[i]!);
    if (!match || values.has(match[1]!)) return null;
    const value = match[2] ?? args[(i += 1)];
    if (!value) return null;
    values.set(match[1]!, value);
  }
  const to = values.get('to');
  return to ? { to, from: values.get('from') ?? null } : null;
}

function postgresUrl(raw: string): URL | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'postgres:' || url.protocol === 'postgresql:' ? url : null;
  } catch {
    return null;
  }
}

/** The URL as it may be shown: the password replaced. */
function displayUrl(url: URL): string {
  const shown = new URL(url);
  if (shown.password) shown.password = '***';
  return shown.toString();
}

/** An error text with the URL's password taken out, however the driver quoted it. */
function withoutPassword(text: string, url: URL): string {
  const secrets = [url.password];
  try {
    secrets.push(decodeURIComponent(url.password));
  } catch {
    // A malformed %-escape: the driver saw it as written, which is already in the list.
  }
  return secrets.filter(Boolean).reduce((out, secret) => out.split(secret).join('***'), text);
}

function reportTable(report: TableCopyReport[], seconds: number): string {
  const total = report.reduce((sum, entry) => sum + entry.rows, 0);
  const lines: Array<[string, string]> = [
    ['tablo / table', 'satır / rows'],
    ...report.map((entry): [string, string] => [entry.table, String(entry.rows)]),
    ['toplam / total', String(total)],
  ];
  const width = Math.max(...lines.map(([name]) => name.length));
  const numbers = Math.max(...lines.map(([, rows]) => rows.length));
  return [
    ...lines.map(([name, rows]) => `  ${name.padEnd(width)}  ${rows.padStart(numbers)}`),
    `  süre / time: ${seconds.toFixed(1)} s`,
  ].join('\n');
}

runCli(
  async (cli) => {
    const parsed = parseArgs(cli.args);
    if (!parsed) throw new CliExit(64, usage);
    const url = postgresUrl(parsed.to);
    if (!url)
      throw new CliExit(
        64,
        `--to bir postgres:// ya da postgresql:// adresi olmalı / --to must be a postgres:// or ` +
          `postgresql:// URL\n${usage}`,
      );
    const sqliteFile = parsed.from ? path.resolve(parsed.from) : cli.config().sqliteFile;
    if (!existsSync(sqliteFile)) throw new CliExit(66, `Veritabanı bulunamadı / no database at ${sqliteFile}`);

    const shownUrl = displayUrl(url);
    const source = openSqliteSource(sqliteFile);
    const target = createDb({ databaseUrl: parsed.to, sqliteFile: '', databasePoolMax: 2 });
    try {
      try {
        await probeSqliteSource(source);
      } catch (err) {
        throw new CliExit(
          65,
          `SQLite dosyası okunamadı / cannot read the SQLite file ${sqliteFile}: ${(err as Error).message}`,
        );
      }
      try {
        await probeDatabase(target);
      } catch (err) {
        throw new CliExit(
          69,
          `PostgreSQL'e bağlanılamadı / cannot connect to PostgreSQL ` +
            `at ${shownUrl}: ${withoutPassword((err as Error).message, url)}\n` +
            'Adresi, kullanıcıyı, şifreyi ve veritabanının var olduğunu kontrol edin / check the address, ' +
            'user, password and that the database exists.',
        );
      }
      // A refusal or failure from here on may quote the connection string: its password goes.
      cli.redact((text) => withoutPassword(text, url));

      process.stderr.write(`Kopyalanıyor / copying ${sqliteFile} → ${shownUrl}\n`);
      const started = performance.now();
      const report = await copyDatabase(source, target, {
        onTable: ({ table, rows }) => process.stderr.write(`  ${table}: ${rows}\n`),
      });
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(
        `Kopyalandı ve doğrulandı / copied and verified:\n${reportTable(report, seconds)}\n` +
          'Sunucuyu DATABASE_URL bu adrese ayarlı ve aynı DATA_DIR ile başlatın (yüklenen dosyalar orada kalır).\n' +
          'Start the server with DATABASE_URL set to this address and the same DATA_DIR (uploaded files stay there).\n',
      );
    } finally {
      await Promise.allSettled([source.destroy(), target.destroy()]);
    }
  },
  {
    refused: 'Kopyalanmadı / not copied',
    failed: 'Kopyalama başarısız, hedefe hiçbir satır kaydedilmedi / copy failed, no rows were committed',
  },
);
