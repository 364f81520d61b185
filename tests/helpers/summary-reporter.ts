import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How long one test file took in one project: its start-up (import) and its tests and hooks. */
export interface FileTime {
  file: string;
  project: string;
  importMs: number;
  totalMs: number;
}

export function fileTime(module: TestModule, root: string): FileTime {
  const d = module.diagnostic();
  const importMs = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration;
  return {
    file: path.relative(root, module.moduleId),
    project: module.project.name,
    importMs,
    totalMs: importMs + d.duration,
  };
}

const seconds = (ms: number): string => (ms / 1000).toFixed(1);

/** The `count` slowest files, slowest first, one line each: seconds, project, file, and the import share. */
export function slowestFiles(times: ReadonlyArray<FileTime>, count = 10): string[] {
  const slowest = [...times].sort((a, b) => b.totalMs - a.totalMs).slice(0, count);
  const projectWidth = Math.max(0, ...slowest.map((time) => time.project.length));
  return slowest.map(
    (time) =>
      `${seconds(time.totalMs).padStart(7)} s  ${time.project.padEnd(projectWidth)}  ${time.file}` +
      ` (import ${seconds(time.importMs)} s)`,
  );
}

/**
 * Ends the run with the slowest ten files (where the time goes as the suites grow) and one plain
 * line, "Tests: N passed, N failed, N skipped", for CI to read.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
    }
    const lines = slowestFiles(testModules.map((module) => fileTime(module, process.cwd())));
    process.stdout.write(`\nSlowest test files (seconds, project, file):\n${lines.join('\n')}\n`);
    process.stdout.write(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
