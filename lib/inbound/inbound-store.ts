// Where accepted mail is committed before it is acknowledged (accept.ts), as the events inbox is
// (lib/events/event-store.ts): rows that arrive together (a relay's connections each ending a DATA in the
// same turn of the event loop) go in one multi-row INSERT and one durable commit, and each caller's
// promise settles only after that commit, or its failure (then no 250 is sent). Where the database takes
// one writer at a time (lib/db/capabilities.ts needsSingleWriterThread), the server's worker thread
// commits them (./inbound-thread.ts) in its own writer's urgent lane, ahead of its background work, instead
// of the listener's thread taking the file's write lock in turns with the inbound job: that wait before
// every 250 was what made the listener slow under a bounce storm (bench:inbound).
import { commitsInFlight } from "@/lib/db/capabilities";
import { writeTransaction } from "@/lib/db/sql";
import { segment, stamp } from "@/lib/db/segment-timing";

export type InboundRow = { id: string; recipient: string; sender: string | null; via: string; raw: Buffer; receivedAt: Date };

/** Rows per statement: 7 values a row stays far below both engines' limits on bound values. */
const MAX_ROWS = 200;
/** Bytes of mail per statement (a batch of large messages is split). */
const MAX_BYTES = 16 * 1024 * 1024;

const ROW = "(?, ?, ?, ?, 'queued', 0, ?ts, ?ts)";
const INSERT = `INSERT INTO "InboundMail" ("id", "recipient", "sender", "via", "status", "attempts", "nextAttemptAt", "receivedAt") VALUES `;
const INSERT_RAW = `INSERT INTO "InboundRaw" ("id", "raw") VALUES `;

/** How many of `items`, from the first, fit one statement's rows and bytes (at least one item, however large). */
function fitting<T>(items: readonly T[], size: (item: T) => { rows: number; bytes: number }): number {
  let [rows, bytes, n] = [0, 0, 0];
  while (n < items.length) {
    const s = size(items[n]);
    if (n > 0 && (rows + s.rows > MAX_ROWS || bytes + s.bytes > MAX_BYTES)) break;
    [rows, bytes, n] = [rows + s.rows, bytes + s.bytes, n + 1];
  }
  return n;
}

/** `rows` cut into statements within both limits. */
function statements(rows: InboundRow[]): InboundRow[][] {
  const chunks: InboundRow[][] = [];
  for (let start = 0; start < rows.length;) {
    const n = fitting(rows.slice(start, start + MAX_ROWS), (r) => ({ rows: 1, bytes: r.raw.length }));
    chunks.push(rows.slice(start, start + n));
    start += n;
  }
  return chunks;
}

/**
 * The rows and their bytes (InboundRaw: written once, so the claim and the outcome rewrite a small row, not
 * the message) in one durable transaction: usually one statement for the rows and one for the bytes; a
 * group past a statement's limits (one message with many recipients, each a row) takes several. A row whose
 * id is already there is skipped: ids of mail that may be handed over twice come from its content
 * (accept.ts onceId); others are unique.
 */
async function insertRows(rows: InboundRow[], durable: boolean): Promise<void> {
  const queued = stamp();
  let worked = 0;
  await writeTransaction(
    async (tx) => {
      const started = stamp();
      segment("W: insert queued -> starts (writer wait)", started - queued);
      // No rows: a durable commit of nothing, so that everything committed before it is durable (spool.ts).
      for (const chunk of statements(rows)) {
        const values: unknown[] = [];
        const raws: unknown[] = [];
        for (const r of chunk) {
          values.push(r.id, r.recipient, r.sender, r.via, r.receivedAt, r.receivedAt);
          raws.push(r.id, r.raw);
        }
        await tx.run(`${INSERT}${chunk.map(() => ROW).join(", ")} ON CONFLICT ("id") DO NOTHING`, values);
        await tx.run(`${INSERT_RAW}${chunk.map(() => "(?, ?)").join(", ")} ON CONFLICT ("id") DO NOTHING`, raws);
      }
      worked = stamp();
      segment("W: INSERT statements", worked - started);
    },
    // A durable store holds up a 250 (or the spool's tidy): ahead of background work. The spool's hand-over
    // of mail it acknowledged already (not durable) waits its turn with the job's outcomes and commits with them.
    { durable, urgent: durable },
  );
  segment("W: statements done -> commit+fsync settled", stamp() - worked);
}

type Waiting = { rows: InboundRow[]; durable: boolean; resolve: () => void; reject: (error: unknown) => void };

/** How many of the first callers go in one transaction (at least one: a caller's rows are never split between two). */
const callersFitting = (queue: Waiting[]) =>
  fitting(queue, (w) => ({ rows: w.rows.length, bytes: w.rows.reduce((sum, r) => sum + r.raw.length, 0) }));

export type StoreOptions = {
  /**
   * false: committed, but not necessarily on stable storage yet (the listener's spool holds the mail until a
   * later durable commit, spool.ts). With no rows, a durable store makes everything committed before it durable.
   */
  durable?: boolean;
};

export interface InboundStore {
  /** Resolves once `rows` are committed, durably unless asked otherwise. */
  store(rows: InboundRow[], options?: StoreOptions): Promise<void>;
  drain(): Promise<void>;
}

/** Group commit on this thread's writer. */
export class InboundAppender implements InboundStore {
  private queue: Waiting[] = [];
  private scheduled = false;
  private inFlight = 0;

  constructor(
    private readonly maxInFlight: number,
    private readonly insert: (rows: InboundRow[], durable: boolean) => Promise<void> = insertRows,
  ) {}

  store(rows: InboundRow[], options: StoreOptions = {}): Promise<void> {
    const durable = options.durable ?? true;
    if (rows.length === 0 && !durable) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ rows, durable, resolve, reject });
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || this.inFlight >= this.maxInFlight) return;
    this.scheduled = true;
    // Everything that arrived in this turn of the event loop goes together.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  /**
   * Stores that arrived together (one message from the listener's thread, ./inbound-thread.ts): their
   * statements start now, not on this thread's next turn nor after the commits in flight. The listener's
   * turn grouped them already (and the writer groups what waits together); each wait here held up their 250s.
   */
  storeNow(stores: { rows: InboundRow[]; durable: boolean }[]): Promise<void>[] {
    const waiting: Waiting[] = [];
    const settled = stores.map(({ rows, durable }) =>
      rows.length === 0 && !durable
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => waiting.push({ rows, durable, resolve, reject })),
    );
    while (waiting.length > 0) void this.run(waiting.splice(0, callersFitting(waiting)));
    return settled;
  }

  private async flush(): Promise<void> {
    if (this.queue.length === 0 || this.inFlight >= this.maxInFlight) return;
    await this.run(this.queue.splice(0, callersFitting(this.queue)));
  }

  private async run(batch: Waiting[]): Promise<void> {
    this.inFlight++;
    try {
      await this.insert(
        batch.flatMap((w) => w.rows),
        batch.some((w) => w.durable),
      );
      for (const w of batch) w.resolve();
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      this.inFlight--;
      if (this.queue.length > 0) this.schedule();
    }
  }

  async drain(): Promise<void> {
    while (this.queue.length > 0 || this.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

let local: InboundAppender | undefined;
let delegate: InboundStore | null = null;

/** This thread's own appender (its writer connection). */
export function localInboundStore(): InboundAppender {
  local ??= new InboundAppender(commitsInFlight());
  return local;
}

/** Hands this thread's stores to another (the worker thread's, ./inbound-thread.ts) while given; null takes them back. */
export function delegateInboundStore(store: InboundStore | null): void {
  delegate = store;
}

export function inboundStore(): InboundStore {
  return delegate ?? localInboundStore();
}
