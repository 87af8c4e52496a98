// How every browser test and bench here starts Chromium: Debian's build (browser
// downloads do not work on our machines), headless, and without the background
// connections a closed network refuses. One list, so a flag this machine needs is never
// missing from one of the runners.

/** Path of the Chromium to drive (`CHROMIUM_PATH` overrides Debian's). */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Command-line flags for headless runs on this machine. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
