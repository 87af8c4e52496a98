// What a command of the `plankit` CLI gets from the process, passed in so the tests run the
// commands in-process, with their own environment and output.

/** The process around a command: its environment, working folder and output. */
export interface CliIo {
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  stdout: (line: string) => void;
  stderr: (line: string) => void;
  /** The engine's logger, on stderr: a message and its details as JSON. */
  log: (message: string, details?: unknown) => void;
}

/** The process's own environment, folder and output. */
export function processIo(): CliIo {
  return {
    env: process.env,
    cwd: process.cwd(),
    stdout: (line) => process.stdout.write(`${line}\n`),
    stderr: (line) => process.stderr.write(`${line}\n`),
    log: (message, details) =>
      process.stderr.write(
        `${message}${details === undefined ? '' : ` ${JSON.stringify(details)}`}\n`,
      ),
  };
}

/** A mistake in how the command was called: printed with the usage, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
