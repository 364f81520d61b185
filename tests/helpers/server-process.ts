/**
 * The server and the command-line tools as child processes, from the TypeScript sources: for
 * tests of start-up, shutdown and the CLIs. (real-server.ts starts it by /healthz instead.)
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

const tsx = ['--import', 'tsx'];
// Vitest puts Vite's BASE_URL ('/') into the environment; the app would read it as ours.
const childEnv = { ...process.env, BASE_URL: '', DATABASE_URL: '' };

export interface RunningServer {
  base: string;
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  /** SIGTERM (or the given signal), then the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * `src/server.ts` through tsx on a port the OS picks; resolves once it logs that it listens
 * (start-up done), rejects with its output if it exits first.
 */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const child = spawn(process.execPath, [...tsx, 'src/server.ts'], {
    env: { ...childEnv, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /"port":(\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    child,
    output: () => out,
    stop: (signal = 'SIGTERM') => {
      child.kill(signal);
      return exited;
    },
  };
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a CLI without blocking the event loop, so requests of the test go on meanwhile. */
export function runCli(script: string, args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...tsx, script, ...args], { env: { ...childEnv, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
