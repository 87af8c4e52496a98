// The `plankit` command (bin/plankit.mjs): maintenance commands on the store the host uses.
// `pnpm plankit <command>` from the repository root runs it in apps/web, so it finds the
// same store as the app.

import { PlankitError } from '../errors/errors.js';
import { ADVANCE_USAGE, advanceCommand } from './advanceCommand.js';
import { type CliIo, UsageError } from './cliIo.js';
import {
  ORDERS_USAGE,
  ordersCommand,
  SUBSCRIPTIONS_USAGE,
  subscriptionsCommand,
} from './listCommands.js';
import { PRUNE_USAGE, pruneCommand } from './pruneCommand.js';
import { REFUND_USAGE, refundCommand } from './refundCommand.js';
import { WEBHOOKS_USAGE, webhooksCommand } from './webhooksCommand.js';

type Command = (args: string[], io: CliIo) => Promise<number>;

const COMMANDS: Record<string, { run: Command; usage: string }> = {
  advance: { run: advanceCommand, usage: ADVANCE_USAGE },
  orders: { run: ordersCommand, usage: ORDERS_USAGE },
  prune: { run: pruneCommand, usage: PRUNE_USAGE },
  refund: { run: refundCommand, usage: REFUND_USAGE },
  subscriptions: { run: subscriptionsCommand, usage: SUBSCRIPTIONS_USAGE },
  webhooks: { run: webhooksCommand, usage: WEBHOOKS_USAGE },
};

const USAGE = `Usage: plankit <command> [options]

Commands:
${Object.values(COMMANDS)
  .map(({ usage }) => `  ${usage.split('\n')[0]}`)
  .join('\n')}

plankit help <command> explains one.`;

/** Runs one command line; resolves with the process's exit code (0, 1 failed, 2 usage). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    const topic = name === 'help' && args[0] ? COMMANDS[args[0]] : undefined;
    io.stdout(topic?.usage ?? USAGE);
    return 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    io.stderr(`plankit: no command "${name}".\n\n${USAGE}`);
    return 2;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error as { code?: unknown }).code?.toString().startsWith('ERR_PARSE_ARGS')
    ) {
      io.stderr(`plankit ${name}: ${(error as Error).message}\n\n${command.usage}`);
      return 2;
    }
    // Typed errors carry a message written for the person at the terminal.
    if (error instanceof PlankitError) {
      io.stderr(`plankit ${name}: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
