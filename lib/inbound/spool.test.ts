// The inbound spool (spool.ts, spool-file.ts): a message is in the spool file before its store resolves,
// reaches the database afterwards (retried until it does), the file goes once all of it is there, and a
// file left by a dead process is replayed at start, up to its first torn record.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { InboundRow, InboundStore } from "./inbound-store";
import { InboundSpool, SPOOL_LIMITS } from "./spool";
import { encodeRecord, readSpoolFile, spoolFileName } from "./spool-file";

const row = (n: number, raw = Buffer.from(`message ${n}`)): InboundRow => ({
  id: String(n).padStart(24, "0"),
  recipient: `bounce-${n}@bounces.test`,
  sender: n % 2 ? "" : null,
  via: "smtp",
  raw,
  receivedAt: new Date(1_700_000_000_000 + n),
});

/** The database's side, as the spool sees it: what it was given, optionally failing the first calls. */
function recordingStore(failFirst = 0) {
  const stored: InboundRow[][] = [];
  /** Each call in order: "rows" (not durable: the spool holds them) or "durable" (a commit of nothing, durable). */
  const calls_: string[] = [];
  let calls = 0;
  let release: (() => void) | null = null;
  let held: Promise<void> | null = null;
  const store: InboundStore & { stored: InboundRow[][]; calls: string[]; hold(): void; release(): void } = {
    stored,
    calls: calls_,
    async store(rows, options) {
      if (calls++ < failFirst) throw new Error("the worker thread is gone");
      if (held) await held;
      if (rows.length > 0) stored.push(rows);
      calls_.push(rows.length === 0 && options?.durable ? "durable" : options?.durable === false ? "rows" : "rows, durable");
    },
    async drain() {},
    hold() {
      held = new Promise((resolve) => (release = resolve));
    },
    release() {
      held = null;
      release?.();
    },
  };
  return store;
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

let directory = "";
beforeEach(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-spool-"));
});
afterEach(() => fs.rmSync(directory, { recursive: true, force: true }));

const limits = SPOOL_LIMITS;
/** The spool's files, oldest first (readdir's order is the file system's: by name's hash on ext4). */
const filesIn = () => fs.readdirSync(directory).sort((a, b) => Number(/-(\d+)\.bin$/.exec(a)?.[1]) - Number(/-(\d+)\.bin$/.exec(b)?.[1]));
const spooled = () => filesIn().flatMap((name) => readSpoolFile(fs.readFileSync(path.join(directory, name))));

describe("spool records", () => {
  it("round-trip a message's rows, which share its bytes once", () => {
    const raw = Buffer.from("From: mailer-daemon\r\n\r\nbounced");
    const rows = [row(1, raw), row(2, raw)];
    const record = encodeRecord(rows);
    expect(record.length).toBeLessThan(raw.length * 2 + 400);
    expect(readSpoolFile(Buffer.concat([record, encodeRecord([row(3)])]))).toEqual([rows, [row(3)]]);
  });

  it("end at a torn or damaged record", () => {
    const [a, b, c] = [encodeRecord([row(1)]), encodeRecord([row(2)]), encodeRecord([row(3)])];
    expect(readSpoolFile(Buffer.concat([a, b.subarray(0, b.length - 3)]))).toEqual([[row(1)]]);
    const damaged = Buffer.from(b);
    damaged[damaged.length - 1] ^= 0xff;
    expect(readSpoolFile(Buffer.concat([a, damaged, c]))).toEqual([[row(1)]]);
  });
});

describe("InboundSpool", () => {
  it("has the message in its file when the store resolves, and the database gets it just after", async () => {
    const database = recordingStore();
    database.hold();
    const spool = new InboundSpool(directory, () => database);
    await spool.start();
    await spool.store([row(1)]);
    expect(spooled()).toEqual([[row(1)]]);
    expect(database.stored).toEqual([]);
    database.release();
    await spool.drain();
    expect(database.stored).toEqual([[row(1)]]);
    await spool.close();
  });

  it("syncs on its own thread while the disk is fast, in the thread pool while it is slow, and measures it again", async () => {
    const onThread = vi.spyOn(fs, "fdatasyncSync");
    const inPool = vi.spyOn(fs, "fdatasync");
    try {
      // Every sync counts as slow here (over 0 ms): the first is measured on the thread, the next go to the pool
      // (the file is not emptied meanwhile: it is read below).
      const slow = new InboundSpool(directory, () => recordingStore(), {
        ...limits,
        inlineSyncMaxMs: 0,
        remeasureSyncMs: 1_000,
        tidyMs: 60_000,
      });
      await slow.store([row(1)]);
      expect([onThread.mock.calls.length, inPool.mock.calls.length]).toEqual([1, 0]);
      await slow.store([row(2)]);
      await slow.store([row(3)]);
      expect([onThread.mock.calls.length, inPool.mock.calls.length]).toEqual([1, 2]);
      // (A second, not less: two stores on a loaded machine must not outlast it.)
      await new Promise((r) => setTimeout(r, 1_050));
      await slow.store([row(4)]);
      expect([onThread.mock.calls.length, inPool.mock.calls.length]).toEqual([2, 2]);
      // Either way each message was in its file when its store resolved.
      expect(spooled()).toEqual([[row(1)], [row(2)], [row(3)], [row(4)]]);
      await slow.close();
      onThread.mockClear();
      inPool.mockClear();
      // A disk whose syncs all count as fast: every one on this thread.
      const fast = new InboundSpool(directory, () => recordingStore(), { ...limits, inlineSyncMaxMs: Infinity });
      for (const n of [5, 6, 7]) await fast.store([row(n)]);
      expect([onThread.mock.calls.length, inPool.mock.calls.length]).toEqual([3, 0]);
      await fast.close();
    } finally {
      onThread.mockRestore();
      inPool.mockRestore();
    }
  });

  it("fails the messages a failed fdatasync covered, hands none of them on, and puts the next in a new file", async () => {
    const failing = vi.spyOn(fs, "fdatasyncSync").mockImplementationOnce(() => {
      throw Object.assign(new Error("EIO: i/o error, fdatasync"), { code: "EIO" });
    });
    try {
      const database = recordingStore();
      const spool = new InboundSpool(directory, () => database, { ...limits, inlineSyncMaxMs: Infinity, tidyMs: 60_000 });
      // Two messages of one turn share the sync that fails: both senders get a 451 and send them again.
      const results = await Promise.allSettled([spool.store([row(1)]), spool.store([row(2)])]);
      expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
      await spool.store([row(3)]);
      await spool.drain();
      expect(database.stored).toEqual([[row(3)]]);
      // After a failed fdatasync no later sync of that file vouches for it: the next message has a file of its own.
      const files = filesIn();
      expect(files).toHaveLength(2);
      expect(readSpoolFile(fs.readFileSync(path.join(directory, files[1])))).toEqual([[row(3)]]);
      await spool.close();
      // Nothing in either file is waited for any more: both are gone at close.
      expect(filesIn()).toEqual([]);
    } finally {
      failing.mockRestore();
    }
  });

  it("keeps trying the database until the message is there", async () => {
    const database = recordingStore(1);
    const spool = new InboundSpool(directory, () => database);
    await spool.store([row(1)]);
    await until(() => database.stored.length === 1);
    await spool.close();
  });

  it("deletes its file at close once everything in it is in the database, and leaves it otherwise", async () => {
    const database = recordingStore();
    const spool = new InboundSpool(directory, () => database);
    await Promise.all([1, 2, 3].map((n) => spool.store([row(n)])));
    await spool.close();
    expect(filesIn()).toEqual([]);

    const stuck = recordingStore(Infinity);
    const second = new InboundSpool(directory, () => stuck);
    await second.store([row(4)]);
    await second.close(50);
    expect(spooled()).toEqual([[row(4)]]);
  });

  it("writes each record into zeros written ahead of it, so its fdatasync does not change the file's size", async () => {
    const database = recordingStore();
    database.hold();
    const spool = new InboundSpool(directory, () => database);
    await spool.store([row(1)]);
    const file = path.join(directory, filesIn()[0]);
    // One step of zeros ahead (1 MiB), the record at its start.
    expect(fs.statSync(file).size).toBe(1024 * 1024);
    // A message bigger than a step grows the file by as many steps as it needs; the one before it stays whole.
    const big = row(2, Buffer.alloc(1536 * 1024, "b"));
    await spool.store([big]);
    await spool.store([row(3)]);
    expect(fs.statSync(file).size).toBe(2 * 1024 * 1024);
    const read = readSpoolFile(fs.readFileSync(file));
    expect(read.map(([r]) => [r.id, r.raw.length])).toEqual([row(1), big, row(3)].map((r) => [r.id, r.raw.length]));
    expect(read[1][0].raw.equals(big.raw)).toBe(true);
    database.release();
    await spool.close();
  });

  it("empties its file once everything in it is in the database and a durable commit followed", async () => {
    const database = recordingStore();
    const spool = new InboundSpool(directory, () => database, { ...limits, tidyMs: 20 });
    await Promise.all([spool.store([row(1)]), spool.store([row(2)])]);
    await spool.drain();
    expect(spooled()).toHaveLength(2);
    await until(() => fs.statSync(path.join(directory, filesIn()[0])).size === 0);
    // Both messages went to the database together, committed without an fsync of their own; one durable
    // commit of nothing came after them.
    expect(database.calls).toEqual(["rows", "durable"]);
    expect(database.stored).toEqual([[row(1), row(2)]]);
    await spool.close();
  });

  it("hands messages to the database in groups: after a short wait, or at once when a group is full", async () => {
    const database = recordingStore();
    const spool = new InboundSpool(directory, () => database, { ...limits, handOverMs: 60_000, handOverMessages: 2 });
    await Promise.all([spool.store([row(1)]), spool.store([row(2)]), spool.store([row(3)])]);
    await until(() => database.stored.length === 1);
    // The third waits for company (a minute here); drain (and close) hand it over at once.
    expect(database.stored).toEqual([[row(1), row(2)]]);
    await spool.drain();
    expect(database.stored).toEqual([[row(1), row(2)], [row(3)]]);
    await spool.close();
    // A group also goes once it holds as many rows as one statement takes: a message of three recipients fills it.
    const byRows = recordingStore();
    const rowsSpool = new InboundSpool(directory, () => byRows, { ...limits, handOverMs: 60_000, handOverRows: 3 });
    await rowsSpool.store([row(4)]);
    await rowsSpool.store([row(5), row(6), row(7)]);
    await until(() => byRows.stored.length === 1);
    expect(byRows.stored).toEqual([[row(4), row(5), row(6), row(7)]]);
    await rowsSpool.close();
  });

  it("keeps a file that took more mail while its durable commit ran", async () => {
    const database = recordingStore();
    const spool = new InboundSpool(directory, () => database, { ...limits, tidyMs: 20 });
    await spool.store([row(1)]);
    await spool.drain();
    database.hold();
    await new Promise((r) => setTimeout(r, 40)); // the tidy's durable commit is held
    await spool.store([row(2)]);
    database.release();
    await spool.drain();
    await new Promise((r) => setTimeout(r, 10));
    expect(spooled()).toEqual([[row(1)], [row(2)]]);
    await until(() => fs.statSync(path.join(directory, filesIn()[0])).size === 0);
    await spool.close();
  });

  it("begins a new file past a size, and deletes the full one once all of it is in the database", async () => {
    const database = recordingStore();
    database.hold();
    const spool = new InboundSpool(directory, () => database, { ...limits, rotateBytes: 1000, tidyMs: 10 });
    const big = Buffer.alloc(600, 1);
    await spool.store([row(1, big)]);
    await spool.store([row(2, big)]);
    expect(filesIn()).toHaveLength(2);
    expect(spooled()).toEqual([[row(1, big)], [row(2, big)]]);
    database.release();
    await spool.drain();
    await until(() => filesIn().length === 1);
    await spool.close();
  });

  it("leaves the files of another spool of this process alone, and names its own apart", async () => {
    const database = recordingStore();
    database.hold();
    const first = new InboundSpool(directory, () => database);
    await first.store([row(1)]);
    const second = new InboundSpool(directory, () => database);
    expect(await second.start()).toBe(0);
    await second.store([row(2)]);
    expect(filesIn()).toHaveLength(2);
    expect(spooled()).toEqual(expect.arrayContaining([[row(1)], [row(2)]]));
    database.release();
    await Promise.all([first.close(), second.close()]);
  });

  it("begins a new file after a failed write, so a record cut short cannot hide the messages after it", async () => {
    const database = recordingStore();
    database.hold();
    const spool = new InboundSpool(directory, () => database);
    await spool.store([row(1)]);
    // The file's descriptor fails under it (as a full disk would fail a write): one no file has.
    (spool as unknown as { current: { fd: number } }).current.fd = 1_000_000;
    await expect(spool.store([row(2)])).rejects.toThrow();
    await spool.store([row(3)]);
    expect(filesIn()).toHaveLength(2);
    expect(spooled()).toEqual([[row(1)], [row(3)]]);
    database.release();
    await spool.close();
  });

  it("stores the files no writer touched for a while, up to a torn record, then deletes them; fresh ones are left", async () => {
    const stale = (file: string) => fs.utimesSync(file, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const dead = path.join(directory, spoolFileName({ pid: 4_194_305, started: 1 }, 1));
    fs.writeFileSync(dead, Buffer.concat([encodeRecord([row(1)]), encodeRecord([row(2)]), encodeRecord([row(3)]).subarray(0, 20)]));
    // Zeros after a record (a size that reached the disk before the data, after a power loss) end the file.
    const zeros = path.join(directory, spoolFileName({ pid: 4_194_305, started: 1 }, 2));
    fs.writeFileSync(zeros, Buffer.concat([encodeRecord([row(5)]), Buffer.alloc(64)]));
    // A file another process is writing (touched just now), whatever its process id says.
    const live = path.join(directory, spoolFileName({ pid: 4_194_305, started: 1 }, 3));
    fs.writeFileSync(live, encodeRecord([row(9)]));
    stale(dead);
    stale(zeros);
    const database = recordingStore(1);
    const spool = new InboundSpool(directory, () => database);
    // The first store fails: that file stays for the next look, which stores it.
    expect(await spool.start()).toBeLessThan(3);
    expect(await spool.rescan()).toBeGreaterThan(0);
    expect(database.stored).toEqual(expect.arrayContaining([[row(1)], [row(2)], [row(5)]]));
    // The kept file's records were stored again (its other record had gone in): in the database, its id makes that a no-op.
    expect(new Set(database.stored.map(([r]) => r.id)).size).toBe(3);
    expect(filesIn()).toEqual([path.basename(live)]);
    stale(live);
    expect(await spool.rescan()).toBe(1);
    expect(filesIn()).toEqual([]);
    await spool.close();
  });

  it("touches its own files, so another process never takes them for a dead writer's", async () => {
    const database = recordingStore();
    database.hold();
    const spool = new InboundSpool(directory, () => database, { ...limits, heartbeatMs: 20 });
    await spool.start();
    await spool.store([row(1)]);
    const file = path.join(directory, filesIn()[0]);
    fs.utimesSync(file, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    await until(() => Date.now() - fs.statSync(file).mtimeMs < 10_000);
    database.release();
    await spool.close();
  });

  it("refuses a message that waited too long for room", async () => {
    const database = recordingStore();
    database.hold();
    const spool = new InboundSpool(directory, () => database, { ...limits, maxPendingBytes: 100, roomWaitMs: 50 });
    await spool.store([row(1, Buffer.alloc(200))]);
    await expect(spool.store([row(2)])).rejects.toThrow(/not keeping up/);
    database.release();
    await spool.close();
  });

  it("makes new messages wait while too much is on its way to the database", async () => {
    const database = recordingStore();
    database.hold();
    const spool = new InboundSpool(directory, () => database, { ...limits, maxPendingBytes: 8000 });
    const big = Buffer.alloc(1000, 1);
    // A record is the message's 1,000 bytes and about 150 of header: the eighth is past 8,000.
    for (let n = 0; n < 7; n++) await spool.store([row(n, big)]);
    let eighth = false;
    const waiting = spool.store([row(8, big)]).then(() => (eighth = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(eighth).toBe(false);
    database.release();
    await waiting;
    await spool.close();
    expect(database.stored.flat()).toHaveLength(8);
  });
});
