#!/usr/bin/env node
// The rehearsal's local registry: Verdaccio, in this process, on 127.0.0.1 only.
//
//   node registry.mjs <folder> [port]
//
// Storage, users and the configuration live in <folder> (a temporary folder of
// rehearse.mjs). Without a port, or with 0, it listens on a port the OS picks. Once it
// listens it prints one line, `listening <port>`, on stdout. It exits when stdin closes:
// rehearse.mjs holds the other end of that pipe, so the registry goes with it even when
// rehearse.mjs is killed with SIGKILL and cannot stop it.
//
// There are no uplinks: the registry never talks to registry.npmjs.org or anything else.
// It serves only what the rehearsal publishes to it (@plankit/*); everything else a fresh
// app needs comes from the npm registry the machine is configured with.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runServer } from 'verdaccio';

const [folder, portArg = '0'] = process.argv.slice(2);
if (!folder) {
  console.error('usage: node registry.mjs <folder> [port]');
  process.exit(2);
}
const port = Number(portArg);

const configPath = join(folder, 'config.yaml');
// JSON is YAML, and Verdaccio reads its configuration from a .yaml file.
const config = {
  storage: join(folder, 'storage'),
  auth: { htpasswd: { file: join(folder, 'htpasswd'), max_users: 1 } },
  uplinks: {},
  packages: {
    '@plankit/*': { access: '$all', publish: '$authenticated', unpublish: '$authenticated' },
    '**': { access: '$all', publish: '$nobody', unpublish: '$nobody' },
  },
  web: { enable: false },
  server: { keepAliveTimeout: 5 },
  log: { type: 'stdout', format: 'pretty', level: 'warn' },
};
writeFileSync(configPath, `${JSON.stringify(config, null, 2)}\n`);

process.stdin.on('data', () => {});
process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));

const server = await runServer(configPath);
server.on('error', (error) => {
  const reason =
    error.code === 'EADDRINUSE' ? `port ${port} is taken (RELEASE_REHEARSAL_PORT)` : error.message;
  console.error(`registry: cannot listen on 127.0.0.1:${port}: ${reason}`);
  process.exit(1);
});
server.listen(port, '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`);
});
