// Accepted mail committed by the server's worker thread where the database takes one writer at a time
// (./inbound-store.ts says why), as the events inbox is (lib/events/inbox-thread.ts): the listener's thread
// hands the rows over through lib/process/turn-batches.ts, one message per turn of its event loop, and each
// store settles after the worker's durable commit. A store whose answer never comes back (the thread died)
// fails, and its sender gets a 451, never a 250.
import type { MessagePort } from "node:worker_threads";
import { serveTurnBatches, TurnBatchSender } from "@/lib/process/turn-batches";
import { config } from "@/lib/config";
import { countSegment, timeSegments } from "@/lib/db/segment-timing";
import { localInboundStore, type InboundAppender, type InboundRow, type InboundStore, type StoreOptions } from "./inbound-store";

type Store = { rows: InboundRow[]; durable: boolean };

/** The listener thread's side: each store (the rows of one accepted message) is one item of the turn's batch. */
export class ThreadInboundStore implements InboundStore {
  private readonly channel: TurnBatchSender<Store, void>;

  constructor(port: MessagePort) {
    this.channel = new TurnBatchSender(port, "the worker thread could not store the mail");
  }

  store(rows: InboundRow[], options: StoreOptions = {}): Promise<void> {
    return this.channel.call({ rows, durable: options.durable ?? true });
  }

  /** The worker thread is gone: every store not yet answered fails. */
  fail(error: Error): void {
    this.channel.fail(error);
  }

  drain(): Promise<void> {
    return this.channel.drain();
  }
}

/** The worker thread's side: commits what the listener's thread sends, answering once it is durable. */
export function serveInboundStore(port: MessagePort, store: InboundAppender = localInboundStore()): void {
  // The job is woken by the store's caller once its answer arrives (accept.ts), not here too.
  timeSegments(config().EVENTS_DEBUG === "on");
  serveTurnBatches<Store, void>(port, (stores) => {
    countSegment(stores.length);
    return store.storeNow(
      stores.map(({ rows, durable }) => ({
        durable,
        // A Buffer crosses threads as a plain Uint8Array.
        rows: rows.map((row) => ({ ...row, raw: Buffer.from(row.raw.buffer, row.raw.byteOffset, row.raw.byteLength) })),
      })),
    );
  });
}
