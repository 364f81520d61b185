/**
 * What every command-line tool (`npm run admin|backup|restore|db:copy`) does around its work:
 * reads its arguments and configuration, prints a refusal or failure to stderr, and ends the
 * process with an exit code of sysexits.h:
 *
 *   0   done                                   66  a file to read is missing (EX_NOINPUT)
 *   1   the work failed                        69  a service is unavailable (EX_UNAVAILABLE)
 *   64  bad arguments, usage shown (EX_USAGE)  78  bad configuration (EX_CONFIG)
 *   65  bad input data (EX_DATAERR)
 */
import { ConfigError, loadConfig, type Config } from '../config.js';
import { CliError } from '../errors.js';

/** Ends the tool with `exitCode`, printing the message to stderr. */
export class CliExit extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
  }
}

export interface Cli {
  /** The arguments after the script's name. */
  readonly args: string[];
  /** The configuration read from `env`; a bad value ends the tool with 78. */
  config(env?: NodeJS.ProcessEnv): Config;
  /** Applied to every message printed for an error from here on (db:copy takes a password out). */
  redact(replace: (text: string) => string): void;
}

export interface CliMessages {
  /** Put before the message of a failure (exit 1): `{failed}: {message}`. Without it, the message alone. */
  failed?: string;
  /**
   * Put on a line of its own before the message of a refusal, a CliError, which ends the tool
   * with the error's own exit code. Without it, a CliError is a failure like any other.
   */
  refused?: string;
}

/** The message and exit code for an error `main` threw. */
function describe(err: unknown, messages: CliMessages): { exitCode: number; message: string } {
  if (err instanceof CliExit) return { exitCode: err.exitCode, message: err.message };
  const message = (err as Error).message;
  if (err instanceof CliError && messages.refused)
    return { exitCode: err.exitCode, message: `${messages.refused}:\n${message}` };
  return { exitCode: 1, message: messages.failed ? `${messages.failed}: ${message}` : message };
}

/**
 * Runs `main` with the command line and ends the process: with 0 when it returns, else with
 * the exit code of what it threw (a CliExit's, a refusal's, 1 for anything else) after its message.
 */
export function runCli(main: (cli: Cli) => Promise<void>, messages: CliMessages = {}): void {
  let redact = (text: string) => text;
  const cli: Cli = {
    args: process.argv.slice(2),
    config(env = process.env) {
      try {
        return loadConfig(env);
      } catch (err) {
        if (err instanceof ConfigError)
          throw new CliExit(78, `Yapılandırma hatası / configuration error: ${err.message}`);
        throw err;
      }
    },
    redact(replace) {
      redact = replace;
    },
  };
  main(cli).then(
    () => process.exit(0),
    (err: unknown) => {
      const { exitCode, message } = describe(err, messages);
      process.stderr.write(`${redact(message)}\n`);
      process.exit(exitCode);
    },
  );
}
