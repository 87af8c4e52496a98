/** Path of the Chromium to drive (`CHROMIUM_PATH` overrides Debian's). */
export declare const chromiumPath: string;
/** Command-line flags for headless runs on this machine. */
export declare const chromiumArgs: string[];
