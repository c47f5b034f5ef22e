// The events inbox: every accepted event is committed here before POST /api/events answers 202.
// Events that arrive together are appended with one multi-row INSERT (one statement, one commit), and
// each request's promise settles only after that commit, or its failure (then no 202 is sent). The
// commit is durable: it survives a power loss (lib/db/sql.ts WriteOptions.durable).
// The table is the Prisma model EventInbox; raw SQL because Prisma's per-call cost is the bottleneck
// at thousands of events per second.
import { config } from "@/lib/config";
import { commitsInFlight } from "@/lib/db/capabilities";
import { writeStatement } from "@/lib/db/sql";

export type InboxRow = {
  id: string;
  brandId: string;
  eventName: string;
  eventVersion: string | null;
  origin: string;
  originInIdentity: boolean;
  eventID: string | null;
  eventTime: Date;
  receivedAt: Date;
  historical: boolean;
  payload: string;
};

const COLUMNS = [
  "id",
  "brandId",
  "eventName",
  "eventVersion",
  "origin",
  "originInIdentity",
  "eventID",
  "eventTime",
  "receivedAt",
  "historical",
  "payload",
  "status",
  "attempts",
  "nextAttemptAt",
];
const ROW = "(?, ?, ?, ?, ?, ?bool, ?, ?ts, ?ts, ?bool, ?, ?, ?, ?ts)";
const INSERT = `INSERT INTO "EventInbox" (${COLUMNS.map((c) => `"${c}"`).join(", ")}) VALUES `;

/** The INSERT for `count` rows, cached: batches mostly repeat a few sizes. */
const insertTexts = new Map<number, string>();
function insertFor(count: number): string {
  let sql = insertTexts.get(count);
  if (!sql) {
    sql = INSERT + Array.from({ length: count }, () => ROW).join(", ");
    if (insertTexts.size < 600) insertTexts.set(count, sql);
  }
  return sql;
}

async function insertRows(rows: InboxRow[], durable: boolean): Promise<void> {
  const values: unknown[] = [];
  for (const r of rows) {
    values.push(
      r.id,
      r.brandId,
      r.eventName,
      r.eventVersion,
      r.origin,
      r.originInIdentity,
      r.eventID,
      r.eventTime,
      r.receivedAt,
      r.historical,
      r.payload,
      "pending",
      0,
      r.receivedAt,
    );
  }
  await writeStatement(insertFor(rows.length), values, { durable, urgent: true });
}

type Waiting = { row: InboxRow; resolve: () => void; reject: (error: unknown) => void };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class InboxAppender {
  private queue: Waiting[] = [];
  private scheduled = false;
  private inFlight = 0;
  private stats = { batches: 0, events: 0 };

  constructor(
    private readonly options: { maxBatch: number; windowMs: number; maxInFlight: number; durable: boolean },
    private readonly insert: (rows: InboxRow[], durable: boolean) => Promise<void> = insertRows,
  ) {}

  append(row: InboxRow): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      if (this.queue.length >= this.options.maxBatch && this.inFlight < this.options.maxInFlight) void this.flush();
      else this.schedule();
    });
  }

  /**
   * Appends rows that already travel together (one message of the request thread): committed at once
   * when a commit slot is free, with no turn of the event loop in between. On the worker thread a turn
   * is what a background transaction (the events worker's chunk, ~5 ms) takes first: the rows queued
   * behind a setImmediate waited for the chunk already queued, not only the one running.
   */
  appendAll(rows: InboxRow[]): Promise<void>[] {
    const appended = rows.map((row) => new Promise<void>((resolve, reject) => this.queue.push({ row, resolve, reject })));
    if (this.inFlight < this.options.maxInFlight) void this.flush();
    return appended;
  }

  get counters() {
    return { ...this.stats };
  }

  private schedule() {
    if (this.scheduled || this.inFlight >= this.options.maxInFlight) return;
    this.scheduled = true;
    const run = () => {
      this.scheduled = false;
      void this.flush();
    };
    // Window 0 still batches: everything that arrived in this turn of the event loop goes together.
    if (this.options.windowMs > 0) setTimeout(run, this.options.windowMs);
    else setImmediate(run);
  }

  private async flush(): Promise<void> {
    if (this.queue.length === 0 || this.inFlight >= this.options.maxInFlight) return;
    const batch = this.queue.splice(0, this.options.maxBatch);
    this.inFlight++;
    try {
      await this.insert(
        batch.map((w) => w.row),
        this.options.durable,
      );
      this.stats.batches++;
      this.stats.events += batch.length;
      for (const w of batch) w.resolve();
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      this.inFlight--;
      if (this.queue.length > 0) this.schedule();
    }
  }

  /** Resolves once every appended event is committed (or failed). */
  async drain(): Promise<void> {
    while (this.queue.length > 0 || this.inFlight > 0) await sleep(5);
  }
}

/** Where accepted events go: this thread's appender, or the worker thread's (./inbox-thread.ts). */
export interface Inbox {
  append(row: InboxRow): Promise<void>;
  drain(): Promise<void>;
}

let store: InboxAppender | undefined;
let delegate: Inbox | null = null;

/**
 * Hands this thread's appends to another inbox (the worker thread's, lib/db/capabilities.ts
 * needsSingleWriterThread) while it is given;
 * null takes them back. Appends already handed over settle there.
 */
export function delegateInbox(inbox: Inbox | null): void {
  delegate = inbox;
}

/** The inbox accepted events are appended to. */
export function eventStore(): Inbox {
  return delegate ?? localInbox();
}

/** This thread's own appender (its writer connection). */
export function localInbox(): InboxAppender {
  const settings = config();
  store ??= new InboxAppender({
    maxBatch: settings.EVENTS_MAX_BATCH,
    windowMs: settings.EVENTS_BATCH_WINDOW_MS,
    maxInFlight: commitsInFlight(),
    durable: true,
  });
  return store;
}
