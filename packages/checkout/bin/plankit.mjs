#!/usr/bin/env node
// The `plankit` command: see `plankit help` and the README ("The test clock").
import { processIo } from '../dist/cli/cliIo.js';
import { runCli } from '../dist/cli/runCli.js';

process.exitCode = await runCli(process.argv.slice(2), processIo());
