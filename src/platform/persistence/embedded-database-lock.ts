import { mkdir } from 'node:fs/promises';
import lockfile from 'proper-lockfile';

/**
 * PGlite runs inside one process; two processes opening the same folder lose writes silently
 * (measured). Whoever opens the embedded database first holds this lock until it closes; a second
 * process stops with a clear message instead of corrupting data.
 */
export class EmbeddedDatabaseInUseError extends Error {
  constructor(readonly directory: string) {
    super(
      `The embedded database in ${directory} is in use by another process (is the shop running?). ` +
        'Stop that process first, or point DATABASE_URL at a PostgreSQL server to run several processes.',
    );
    this.name = 'EmbeddedDatabaseInUseError';
  }
}

export type ReleaseLock = () => Promise<void>;

export async function lockEmbeddedDatabase(directory: string): Promise<ReleaseLock> {
  await mkdir(directory, { recursive: true });
  try {
    // The lock is a folder beside the database, refreshed every few seconds: a process that dies
    // without releasing it leaves a stale lock that the next process takes over after `stale` ms.
    return await lockfile.lock(directory, {
      lockfilePath: `${directory}.lock`,
      stale: 15_000,
      update: 5_000,
      realpath: false,
      onCompromised: (error) => {
        // Another process took the lock from us: carrying on would risk the data, so stop.
        console.error(`Lost the lock on the embedded database: ${error.message}`);
        process.exit(70);
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new EmbeddedDatabaseInUseError(directory);
    throw error;
  }
}

/** Holds the lock for one process: taken once before the ORM opens the folder, released on shutdown. */
export class EmbeddedDatabaseLock {
  private release: ReleaseLock | null = null;

  constructor(readonly directory: string) {}

  async acquire(): Promise<void> {
    this.release ??= await lockEmbeddedDatabase(this.directory);
  }

  async releaseIfHeld(): Promise<void> {
    const release = this.release;
    this.release = null;
    await release?.();
  }
}
