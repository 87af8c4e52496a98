import { readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import lockfile from 'proper-lockfile';
import { StoreLockedError, type StoreLockOwner } from './storeErrors.js';

/** Options of {@link lockFolder}. */
export interface FolderLockOptions {
  /**
   * After how long without a heartbeat a lock counts as left behind by a crashed process,
   * in milliseconds (default 10 000, at least 2 000). The holder refreshes it every
   * `staleMs / 2`.
   */
  staleMs?: number;
  /** Called when this process loses its lock (its heartbeat failed for `staleMs`). */
  onLost?: (error: StoreLockedError) => void;
}

/** A held folder lock. */
export interface FolderLock {
  /** Whether the lock was lost since it was taken (then nothing may write any more). */
  readonly lost: boolean;
  release(): Promise<void>;
}

/** The lock directory beside the folder, which `proper-lockfile` creates atomically. */
const lockPathOf = (dir: string) => `${dir}.lock`;
/** Who holds the lock: a file beside the lock directory, for the error message. */
const ownerPathOf = (dir: string) => `${dir}.lock.owner`;

/**
 * Takes an exclusive, inter-process lock on a folder: a `<dir>.lock` directory (mkdir is
 * atomic) whose modification time the holder refreshes, plus `<dir>.lock.owner` naming the
 * holder's pid. A lock whose heartbeat stopped for `staleMs` (the holder crashed or was
 * killed) is taken over. Throws {@link StoreLockedError} when another process holds it,
 * including another open of the same folder in this process.
 *
 * Built on `proper-lockfile`: mtime heartbeats work on local and network file systems and
 * need no pid liveness check, which would be wrong across containers or hosts.
 */
export async function lockFolder(
  dir: string,
  options: FolderLockOptions = {},
): Promise<FolderLock> {
  const staleMs = options.staleMs ?? 10_000;
  // One lock per folder on disk, whatever path (relative, through a symlink) names it.
  const canonical = await realpath(dir);
  let lost = false;
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(canonical, {
      lockfilePath: lockPathOf(canonical),
      stale: staleMs,
      retries: 0,
      realpath: false,
      onCompromised: (cause) => {
        // The default throws from a timer and kills the process; instead the client stops
        // writing (see `lost`) and the host reports the store unavailable.
        lost = true;
        options.onLost?.(new StoreLockedError(dir, null, { cause }));
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new StoreLockedError(dir, await readOwner(canonical), { cause: error });
    }
    throw error;
  }
  const owner: StoreLockOwner = {
    pid: process.pid,
    hostname: hostname(),
    since: new Date().toISOString(),
  };
  await writeFile(ownerPathOf(canonical), `${JSON.stringify(owner)}\n`);
  return {
    get lost() {
      return lost;
    },
    async release() {
      if (lost) return;
      await rm(ownerPathOf(canonical), { force: true });
      await release();
    },
  };
}

async function readOwner(dir: string): Promise<StoreLockOwner | null> {
  try {
    const owner = JSON.parse(await readFile(ownerPathOf(dir), 'utf8')) as Partial<StoreLockOwner>;
    return typeof owner.pid === 'number' &&
      typeof owner.hostname === 'string' &&
      typeof owner.since === 'string'
      ? { pid: owner.pid, hostname: owner.hostname, since: owner.since }
      : null;
  } catch {
    return null; // Not written yet, or removed in the meantime.
  }
}
