/** The figures of a run: collected as rows, printed as a table, written as JSON. */
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';

export interface Row {
  /** Stable key for the JSON, e.g. `public.rps`. */
  id: string;
  what: string;
  value: number | null;
  unit: string;
  /** How the table shows the figure when value + unit is not enough (e.g. "13.8 KB raw / 3.1 KB gzip"). */
  display?: string;
  target: string;
  /** null: information only, no target. */
  pass: boolean | null;
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  platform: string;
  date: string;
  commit: string;
  /** Share of all cores busy in the second before the run (other processes): should be near 0. */
  busyBeforePercent: number;
  /** The machine's load average over 1, 5 and 15 minutes when the run started. */
  loadAverage: number[];
}

function cpuTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    const sum = times.user + times.nice + times.sys + times.irq + times.idle;
    total += sum;
    busy += sum - times.idle;
  }
  return { busy, total };
}

/** How busy the machine is over `ms`, in percent of all its cores. */
export async function cpuBusyPercent(ms = 1000): Promise<number> {
  const before = cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = cpuTimes();
  const total = after.total - before.total;
  return total > 0 ? Math.round(((after.busy - before.busy) / total) * 100) : 0;
}

export async function machine(root: string): Promise<Machine> {
  let commit = 'unknown';
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    const dirty = execFileSync(
      'git',
      ['status', '--porcelain', '--', 'src', 'views', 'public', 'widgets', 'migrations'],
      {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    ).trim();
    commit = dirty ? `${head} + uncommitted changes` : head;
  } catch {
    // not a git checkout
  }
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism?.() ?? cpus.length,
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    date: new Date().toISOString(),
    commit,
    busyBeforePercent: await cpuBusyPercent(),
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
  };
}

/** Figures are shown with enough digits to compare runs, and no more. */
export function formatValue(value: number | null, unit: string): string {
  if (value === null || Number.isNaN(value)) return 'n/a';
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  const number = value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
  return unit === '' ? number : unit === '%' ? `${number} %` : `${number} ${unit}`;
}

function figureOf(row: Row): string {
  return row.display ?? formatValue(row.value, row.unit);
}

export class Results {
  readonly rows: Row[] = [];
  readonly details: Record<string, unknown> = {};
  readonly notes: string[] = [];

  add(row: Row): void {
    const value = row.value === null ? null : Math.round(row.value * 100) / 100;
    this.rows.push({ ...row, value });
    const mark = row.pass === null ? ' ' : row.pass ? '✓' : '✗';
    console.log(`  ${mark} ${row.what}: ${figureOf(row)}${row.target ? `  (target ${row.target})` : ''}`);
  }

  detail(key: string, value: unknown): void {
    this.details[key] = value;
  }

  note(text: string): void {
    this.notes.push(text);
  }

  table(): string {
    const header = ['What', 'Figure', 'Target', ''];
    const body = this.rows.map((r) => [
      r.what,
      figureOf(r),
      r.target || '—',
      r.pass === null ? '' : r.pass ? '✓' : '✗',
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]!.length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
    return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
  }

  async writeJson(file: string, extra: Record<string, unknown>): Promise<void> {
    const json = { ...extra, results: this.rows, notes: this.notes, details: this.details };
    await writeFile(file, JSON.stringify(json, null, 2) + '\n');
  }
}
