// The inbound listener's spool, where the database is a file on this machine's disk (lib/db/capabilities.ts
// localSpoolDirectory): a message the listener takes is written after the last in a file beside the database
// (into zeros written ahead: ZEROS_AHEAD) and fdatasynced, and only then answered 250; it reaches the
// database afterwards, through the usual store (./inbound-store.ts); a spool file is emptied, or replaced and
// deleted, once every message in it is committed there.
//
// Why: the 250 waited for the database's writer, which is also busy with the inbound job's outcomes, so a
// relay's connections stood idle for 8 ms of every 16 (bench:inbound). An append and an fdatasync of a
// file no other work touches is the whole wait now. The guarantee is unchanged: the file is on the
// database's own disk, synced before the 250, and stored by the next start (./spool-file.ts), so a message
// acknowledged before a SIGKILL or a power loss is stored when the server comes back. Messages
// appended together share one fdatasync (a group commit, as lib/db/wal-sync.ts does for the WAL).
// The database's commits of spooled mail need no fsync of their own (two streams of fsyncs on one disk
// slowed both): a file is emptied or deleted only after a durable commit that follows them all.
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { performance } from "node:perf_hooks";
import type { InboundRow, InboundStore } from "./inbound-store";
import { encodeRecord, isSpoolFileName, readSpoolFile, spoolFileName } from "./spool-file";
import { inboundWake } from "./wake";
import { segment, stamp } from "@/lib/db/segment-timing";

const fsync = promisify(fs.fsync);
const close = promisify(fs.close);

export const SPOOL_LIMITS = {
  /** A file past this size or age is closed and a new one begun (the old one is deleted once all of it is stored). */
  rotateBytes: 16 * 1024 * 1024,
  rotateMs: 10_000,
  /**
   * How long after all of a file's mail is in the database the file is emptied (or deleted): batched, as
   * each time costs a durable commit; soon, so a message a contact's erasure deleted is not replayed.
   */
  tidyMs: 1_000,
  /** Bytes of mail appended but not yet in the database before new messages wait for the database (memory)... */
  maxPendingBytes: 64 * 1024 * 1024,
  /** ...and how long one waits before it is refused (451) instead. */
  roomWaitMs: 30_000,
  /**
   * A spool file's writer touches it this often; a file untouched for `staleMs` has no writer left (it died,
   * or stopped before all of it was stored), and the next look (every `rescanMs`, and at start) stores it.
   * By time, not by process id: ids are reused, and another container on the same volume has its own.
   */
  heartbeatMs: 2_000,
  staleMs: 15_000,
  rescanMs: 5_000,
  /** fdatasyncs averaging longer than this go to libuv's thread pool (syncFiles)... */
  inlineSyncMaxMs: 2,
  /** ...except one this often, which measures the disk again. */
  remeasureSyncMs: 1_000,
  /**
   * Synced messages gather this long before they go to the database together (one statement and one
   * commit for all of them, not one per turn of the event loop), unless `handOverMessages` gather first.
   * Their 250s were sent already: the wait holds up only their handling.
   */
  handOverMs: 20,
  handOverMessages: 100,
  /** A group also goes once it holds this many rows or bytes: within one statement's limits (inbound-store.ts). */
  handOverRows: 200,
  handOverBytes: 16 * 1024 * 1024,
};
const RETRY_MS = 1_000;
/**
 * A file grows by this many zeros ahead of its records, and a record overwrites them: the fdatasync before a
 * 250 then writes the record's pages and not the file's new size, which on ext4 is a journal commit that
 * waits behind the database's WAL writes (under bench:inbound's load 1.5-2.1 ms an fdatasync after an append,
 * 1.0-1.2 after an overwrite). Zeros end a file for the replay (spool-file.ts), as a torn record does.
 */
const ZEROS_AHEAD = Buffer.alloc(1024 * 1024);
/** This process, as spool files name their writer (spool-file.ts): names never collide. */
const THIS_PROCESS = { pid: process.pid, started: Math.round(performance.timeOrigin) };
/** Numbers this process's files, across its spools (tests start two listeners on one database). */
let sequence = 0;

type SpoolFile = {
  fd: number;
  file: string;
  openedAt: number;
  /** Bytes of records written; they end where the next one begins. */
  size: number;
  /** Bytes of the file written with zeros ahead of the records (see ZEROS_AHEAD). */
  allocated: number;
  /** Messages appended, and of those not yet committed to the database. */
  appended: number;
  unstored: number;
  dirty: boolean;
  closing: boolean;
};
type Waiter = { resolve: () => void; reject: (error: unknown) => void };

export class InboundSpool implements InboundStore {
  private current: SpoolFile | null = null;
  private files = new Set<SpoolFile>();
  private directorySync = false;
  private waiters: Waiter[] = [];
  private syncing = false;
  private pendingBytes = 0;
  private storing = new Set<Promise<void>>();
  private roomWaiters: (() => void)[] = [];
  private tidying: NodeJS.Timeout | null = null;
  private tidyChain: Promise<void> = Promise.resolve();
  private timers: NodeJS.Timeout[] = [];
  private rescanning: Promise<number> | null = null;
  /** Synced messages waiting to go to the database together (toDatabase). */
  private handOver: { file: SpoolFile; rows: InboundRow[]; bytes: number }[] = [];
  private handOverTimer: NodeJS.Timeout | null = null;
  private handOverSize = { rows: 0, bytes: 0 };
  /** Recent fdatasyncs' duration on this thread (ms, averaged), and when one was last measured. */
  private syncCostMs = 0;
  private syncMeasuredAt = 0;

  /** `database`: where spooled mail goes next (called for each message: the store may change hands). */
  constructor(
    private readonly directory: string,
    private readonly database: () => InboundStore,
    private readonly limits = SPOOL_LIMITS,
  ) {}

  /**
   * Creates the folder (its entry synced into the database's folder), stores what stale files hold, and from
   * then on touches this spool's files and looks for stale ones. Resolves with the messages stored now.
   */
  async start(): Promise<number> {
    if (!fs.existsSync(this.directory)) {
      fs.mkdirSync(this.directory, { recursive: true });
      await syncDirectory(path.dirname(this.directory));
    }
    const every = (ms: number, run: () => unknown) => {
      const timer = setInterval(run, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.limits.heartbeatMs, () => this.heartbeat());
    every(this.limits.rescanMs, () => void this.rescan());
    return this.rescan();
  }

  /**
   * Files no writer touched for `staleMs` (not this spool's) are stored in the database, then deleted. A file
   * that cannot be stored now stays for the next look; reading stops at a record cut short or damaged.
   */
  rescan(): Promise<number> {
    this.rescanning ??= this.storeStaleFiles().finally(() => (this.rescanning = null));
    return this.rescanning;
  }

  private async storeStaleFiles(): Promise<number> {
    const own = new Set([...this.files].map((f) => path.basename(f.file)));
    let stored = 0;
    for (const name of fs.readdirSync(this.directory).sort()) {
      if (!isSpoolFileName(name) || own.has(name)) continue;
      const file = path.join(this.directory, name);
      try {
        if (Date.now() - fs.statSync(file).mtimeMs < this.limits.staleMs) continue;
        const records = readSpoolFile(fs.readFileSync(file));
        await Promise.all(records.map((rows) => this.database().store(rows)));
        fs.rmSync(file, { force: true });
        stored += records.length;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") continue; // another process stored it
        console.error(`[inbound smtp] storing the spool file ${name} failed; it stays for the next look:`, (error as Error).message);
      }
    }
    if (stored > 0) {
      console.log(`[inbound smtp] stored ${stored} messages a stopped process left in the spool`);
      inboundWake.wake();
    }
    return stored;
  }

  /** Keeps this spool's files fresh, so no other process takes them for a dead writer's. */
  private heartbeat(): void {
    const now = new Date();
    for (const file of this.files) {
      try {
        fs.futimesSync(file.fd, now, now);
      } catch (error) {
        console.error(`[inbound smtp] touching the spool file ${file.file} failed:`, (error as Error).message);
      }
    }
  }

  /** Resolves once the message is on stable storage in the spool; the database gets it afterwards. */
  async store(rows: InboundRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.room();
    const record = encodeRecord(rows);
    const file = this.fileFor(record.length);
    try {
      while (file.allocated < file.size + record.length) {
        if (fs.writeSync(file.fd, ZEROS_AHEAD, 0, ZEROS_AHEAD.length, file.allocated) !== ZEROS_AHEAD.length)
          throw new Error("the spool file could not grow (disk full?)");
        file.allocated += ZEROS_AHEAD.length;
      }
      if (fs.writeSync(file.fd, record, 0, record.length, file.size) !== record.length)
        throw new Error("the spool file took part of the message (disk full?)");
    } catch (error) {
      // Whatever part of it was written would end the file for the replay, and hide later messages: they go
      // to a new file. The sender gets a 451 and sends the message again.
      this.retire(file);
      throw error;
    }
    file.size += record.length;
    file.appended++;
    file.unstored++;
    file.dirty = true;
    try {
      await this.sync();
    } catch (error) {
      // Answered 451: the sender sends it again, so the file need not keep it (a replay may store it anyway).
      file.unstored--;
      if (file.unstored === 0) this.scheduleTidy();
      throw error;
    }
    this.toDatabase(file, rows, record.length);
  }

  /** Waits while too much is on its way to the database; refuses (451) after `roomWaitMs`. */
  private async room(): Promise<void> {
    const deadline = Date.now() + this.limits.roomWaitMs;
    while (this.pendingBytes > this.limits.maxPendingBytes) {
      if (Date.now() >= deadline) throw new Error("the database is not keeping up with the inbound spool");
      await new Promise<void>((resolve) => {
        this.roomWaiters.push(resolve);
        setTimeout(resolve, Math.max(0, deadline - Date.now())).unref();
      });
    }
  }

  async drain(): Promise<void> {
    this.handOverNow();
    while (this.storing.size > 0) await Promise.all([...this.storing]);
  }

  /** Waits for what is on its way to the database (at most `ms`); the rest stays in the spool for the next start. */
  async close(ms = 5_000): Promise<void> {
    const deadline = Date.now() + ms;
    this.handOverNow();
    while (this.storing.size > 0 && Date.now() < deadline) await Promise.race([...this.storing, sleep(100)]);
    if (this.tidying) clearTimeout(this.tidying);
    this.tidying = null;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await this.rescanning;
    await this.tidy(true);
  }

  /**
   * Files all of whose mail is in the database, after a durable commit that follows it: emptied (the
   * current one) or deleted (a full one; at close, all). A file that took more mail meanwhile is kept.
   */
  private tidy(closing = false): Promise<void> {
    // One at a time: a tidy waiting on its durable commit and another (at close) would act on the same files.
    this.tidyChain = this.tidyChain
      .then(() => this.tidyOnce(closing))
      .catch((error) => console.error("[inbound smtp] tidying the spool failed:", (error as Error).message));
    return this.tidyChain;
  }

  private async tidyOnce(closing: boolean): Promise<void> {
    const done = [...this.files].filter((f) => f.unstored === 0 && (f.size > 0 || f.closing || closing));
    if (done.length === 0) return;
    const appended = new Map(done.map((f) => [f, f.appended]));
    try {
      await this.database().store([], { durable: true });
    } catch (error) {
      console.error("[inbound smtp] making spooled mail durable in the database failed:", (error as Error).message);
      return this.scheduleTidy();
    }
    for (const file of done) {
      if (!this.files.has(file) || file.unstored > 0 || file.appended !== appended.get(file)) continue;
      if (file.closing || closing) await this.remove(file);
      else if (file.size > 0) {
        fs.ftruncateSync(file.fd, 0);
        file.size = 0;
        file.allocated = 0;
      }
    }
  }

  private scheduleTidy(): void {
    if (this.tidying) return;
    this.tidying = setTimeout(() => {
      this.tidying = null;
      void this.tidy();
    }, this.limits.tidyMs);
    this.tidying.unref();
  }

  /** No more mail goes to `file`; it is deleted once all of it is in the database. */
  private retire(file: SpoolFile): void {
    if (this.current === file) this.current = null;
    file.closing = true;
    if (file.unstored === 0) this.scheduleTidy();
  }

  private fileFor(bytes: number): SpoolFile {
    const current = this.current;
    // A file past its size or age is replaced, so that under steady mail no file lives long (a replay after a
    // crash brings back nothing older than a few seconds, not even mail a contact's erasure deleted since).
    if (
      current &&
      current.size > 0 &&
      (current.size + bytes > this.limits.rotateBytes || Date.now() - current.openedAt > this.limits.rotateMs)
    )
      this.retire(current);
    if (!this.current) {
      fs.mkdirSync(this.directory, { recursive: true });
      const file = path.join(this.directory, spoolFileName(THIS_PROCESS, ++sequence));
      this.current = {
        // Not "a": a record is written at its offset, into zeros written ahead of it (O_APPEND would ignore the offset).
        fd: fs.openSync(file, "w"),
        file,
        openedAt: Date.now(),
        size: 0,
        allocated: 0,
        appended: 0,
        unstored: 0,
        dirty: false,
        closing: false,
      };
      this.files.add(this.current);
      // A new file's name must reach the disk too, or a power loss could take the file with it.
      this.directorySync = true;
    }
    return this.current;
  }

  private sync(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      if (!this.syncing) void this.syncLoop();
    });
  }

  /** One fdatasync for every message appended since the last one began. */
  private async syncLoop(): Promise<void> {
    this.syncing = true;
    try {
      // The messages other connections finish in this turn of the event loop join the first sync.
      await new Promise<void>((resolve) => setImmediate(resolve));
      while (this.waiters.length > 0) {
        const batch = this.waiters.splice(0);
        const dirty = [...this.files].filter((f) => f.dirty);
        for (const f of dirty) f.dirty = false;
        const directory = this.directorySync;
        this.directorySync = false;
        try {
          const t0 = stamp();
          const where = await this.syncFiles(dirty, directory);
          // EVENTS_DEBUG=on: what a sync costs while the worker thread writes the WAL (0.35 ms idle, 2.3-2.5 loaded).
          segment(`L: spool fdatasync (${where})`, stamp() - t0);
          segment("L: messages per spool fdatasync", batch.length);
          for (const w of batch) w.resolve();
        } catch (error) {
          // The callers answer 451 and the relay sends the messages again; should the bytes reach the
          // disk anyway, the replay stores them twice, and a notice applies once (InboundNotice).
          // After a failed fdatasync the kernel may have dropped the pages it could not write, so no later
          // sync of these files can vouch for them: the messages appended since fail too, and the next
          // ones go to new files (what these hold that was acknowledged had been synced before).
          for (const f of [...this.files].filter((f) => f.dirty || dirty.includes(f))) {
            f.dirty = false;
            this.retire(f);
          }
          this.directorySync ||= directory;
          for (const w of [...batch, ...this.waiters.splice(0)]) w.reject(error);
        }
      }
    } finally {
      this.syncing = false;
    }
  }

  /**
   * Syncs on this thread while the disk's fdatasync is fast (0.3-1 ms here): handing it to libuv's thread
   * pool and back added 1-2 ms to each 250 on a loaded machine, and on this thread 8% more messages a second
   * were acknowledged over 8 connections (docs/delivery.md, bench:inbound). A slow disk's sync (past `inlineSyncMaxMs` on average) goes to the pool, so it does not hold
   * up the thread's HTTP requests; one sync a second is still measured here, to notice the disk is fast again.
   * Either way the messages are answered only after their sync.
   */
  private async syncFiles(dirty: SpoolFile[], directory: boolean): Promise<"inline" | "pool"> {
    const now = performance.now();
    if (this.syncCostMs > this.limits.inlineSyncMaxMs && now - this.syncMeasuredAt < this.limits.remeasureSyncMs) {
      const fdatasync = (fd: number) => new Promise<void>((resolve, reject) => fs.fdatasync(fd, (e) => (e ? reject(e) : resolve())));
      await Promise.all([...dirty.map((f) => fdatasync(f.fd)), ...(directory ? [syncDirectory(this.directory)] : [])]);
      return "pool";
    }
    for (const f of dirty) fs.fdatasyncSync(f.fd);
    if (directory) syncDirectorySync(this.directory);
    const ms = performance.now() - now;
    this.syncCostMs = this.syncMeasuredAt === 0 ? ms : 0.7 * this.syncCostMs + 0.3 * ms;
    this.syncMeasuredAt = performance.now();
    return "inline";
  }

  /** Queues a synced message for the database; the queue goes there after `handOverMs` or when full. */
  private toDatabase(file: SpoolFile, rows: InboundRow[], bytes: number): void {
    this.pendingBytes += bytes;
    this.handOver.push({ file, rows, bytes });
    this.handOverSize.rows += rows.length;
    this.handOverSize.bytes += bytes;
    const { rows: queuedRows, bytes: queuedBytes } = this.handOverSize;
    const full = queuedRows >= this.limits.handOverRows || queuedBytes >= this.limits.handOverBytes;
    if (full || this.handOver.length >= this.limits.handOverMessages) this.handOverNow();
    else this.handOverTimer ??= setTimeout(() => this.handOverNow(), this.limits.handOverMs);
  }

  /**
   * Stores the queued messages in one call (the rows of one statement and one commit); a failure is tried
   * again, the whole group (a row stored already is skipped: ids repeat, inbound-store.ts).
   */
  private handOverNow(): void {
    if (this.handOverTimer) clearTimeout(this.handOverTimer);
    this.handOverTimer = null;
    const group = this.handOver.splice(0);
    this.handOverSize = { rows: 0, bytes: 0 };
    if (group.length === 0) return;
    const rows = group.flatMap((m) => m.rows);
    const attempt = (): Promise<void> =>
      this.database()
        .store(rows, { durable: false })
        .catch(async (error) => {
          console.error(`[inbound smtp] storing spooled mail failed, trying again in ${RETRY_MS} ms:`, (error as Error).message);
          await sleep(RETRY_MS);
          return attempt();
        });
    const storing = attempt().then(() => {
      this.storing.delete(storing);
      for (const { file, bytes } of group) {
        this.pendingBytes -= bytes;
        file.unstored--;
        if (file.unstored === 0) this.scheduleTidy();
      }
      for (const resume of this.roomWaiters.splice(0)) resume();
      inboundWake.wake();
    });
    this.storing.add(storing);
  }

  private async remove(file: SpoolFile): Promise<void> {
    if (!this.files.delete(file)) return;
    if (this.current === file) this.current = null;
    await close(file.fd).catch(() => undefined);
    fs.rmSync(file.file, { force: true });
  }
}

function syncDirectorySync(directory: string): void {
  const fd = fs.openSync(directory, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

async function syncDirectory(directory: string): Promise<void> {
  const fd = fs.openSync(directory, "r");
  try {
    await fsync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
