/**
 * What a process of the bench costs, read from /proc (Linux; null elsewhere): CPU seconds, and
 * resident memory sampled once a second through the run. The processes themselves are started
 * and stopped by tests/helpers/launcher.ts.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { procStatusMb } from '../tests/helpers/launcher.js';

let clockTicks: number | null = null;

/** User + system CPU seconds a process has used so far, from /proc/{pid}/stat; null off Linux. */
export function cpuSeconds(pid: number): number | null {
  try {
    clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return null;
  }
}

export interface MemorySample {
  /** Seconds since sampling started. */
  t: number;
  rssMb: number;
  /** The process's peak so far (VmHWM): it catches a spike between two samples. */
  peakMb: number;
  phase: string;
}

/** Samples a process's resident memory once a second, labelled with the phase of the run. */
export class MemorySampler {
  readonly samples: MemorySample[] = [];
  private phase = 'start';
  private readonly timer: NodeJS.Timeout;
  private readonly started = performance.now();

  constructor(private readonly pid: number) {
    this.sample();
    this.timer = setInterval(() => this.sample(), 1000);
    this.timer.unref();
  }

  /** Starts a phase; the sample taken first closes the one before, so its peak is its own. */
  enter(phase: string): void {
    this.sample();
    this.phase = phase;
  }

  private sample(): void {
    const rss = procStatusMb(this.pid, 'VmRSS');
    const peak = procStatusMb(this.pid, 'VmHWM');
    // Bounded: one sample a second for at most an hour.
    if (rss !== null && peak !== null && this.samples.length < 3600) {
      const t = Math.round((performance.now() - this.started) / 1000);
      this.samples.push({ t, rssMb: Math.round(rss * 10) / 10, peakMb: Math.round(peak * 10) / 10, phase: this.phase });
    }
  }

  /** Per phase: the highest RSS sampled in it, and how far the process's peak rose during it. */
  byPhase(): Array<{ phase: string; rssMb: number; peakRiseMb: number }> {
    const phases: Array<{ phase: string; rssMb: number; peakRiseMb: number }> = [];
    let peakBefore = 0;
    for (const s of this.samples) {
      let last = phases[phases.length - 1];
      if (!last || last.phase !== s.phase) {
        last = { phase: s.phase, rssMb: 0, peakRiseMb: 0 };
        phases.push(last);
      }
      last.rssMb = Math.max(last.rssMb, s.rssMb);
      last.peakRiseMb = Math.round((last.peakRiseMb + Math.max(0, s.peakMb - peakBefore)) * 10) / 10;
      peakBefore = Math.max(peakBefore, s.peakMb);
    }
    return phases;
  }

  stop(): void {
    clearInterval(this.timer);
    this.sample();
  }
}
