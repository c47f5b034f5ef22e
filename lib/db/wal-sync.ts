// Durable commits without blocking the event loop. The SQLite writer runs with synchronous=NORMAL: a
// commit writes its WAL frames to the operating system, which keeps them across a crash of this process
// but not across a power loss. A commit that must survive a power loss too (an accepted event) then
// waits for an fdatasync of the WAL file, run on libuv's thread pool, before it is acknowledged: the
// same guarantee as synchronous=FULL (which fsyncs the WAL at every commit) without the event loop
// stopping for the fsync. Commits waiting together share one fsync. Frames a checkpoint has already
// copied out of the WAL are safe too: with synchronous=NORMAL a checkpoint syncs the database file
// before the WAL is reused.
import fs from "node:fs/promises";

type Waiter = { resolve: () => void; reject: (error: unknown) => void };

export class WalSync {
  private file: Promise<fs.FileHandle> | undefined;
  private waiters: Waiter[] = [];
  private syncing = false;
  private stats = { syncs: 0, commits: 0 };

  constructor(private readonly walPath: string) {}

  /** Resolves once everything committed before this call is on stable storage. */
  sync(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      if (!this.syncing) void this.loop();
    });
  }

  get counters() {
    return { ...this.stats };
  }

  private async loop(): Promise<void> {
    this.syncing = true;
    try {
      while (this.waiters.length > 0) {
        const batch = this.waiters.splice(0);
        try {
          this.file ??= fs.open(this.walPath, "r+");
          await (await this.file).datasync();
          this.stats.syncs++;
          this.stats.commits += batch.length;
          for (const w of batch) w.resolve();
        } catch (error) {
          this.file = undefined;
          for (const w of batch) w.reject(error);
        }
      }
    } finally {
      this.syncing = false;
    }
  }

  async close(): Promise<void> {
    const file = this.file;
    this.file = undefined;
    await (await file?.catch(() => undefined))?.close();
  }
}
