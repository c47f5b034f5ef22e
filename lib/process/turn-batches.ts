// A request/answer channel to the server's worker thread that batches by turn of the event loop: everything
// asked for in one turn travels in one message, and each call settles by its own outcome once the worker
// thread has answered (after its durable commit: the callers answer their clients only then). Where the
// database takes one writer at a time (lib/db/capabilities.ts), the events inbox, the inbound store and the
// forms' writes are committed by that thread's writer through it (lib/events/inbox-thread.ts,
// lib/inbound/inbound-thread.ts, lib/forms/form-writes-thread.ts say why for each). A call whose answer never
// comes back (the thread died) fails, so nothing is acknowledged that was not stored.
import type { MessagePort } from "node:worker_threads";
import { segment, segmentsOn, stamp } from "@/lib/db/segment-timing";

type Request<T> = { id: number; items: T[]; at?: number };
/** Per item: its value, or the error's message (an Error does not keep its class across threads). */
type Outcome<R> = { value: R } | { error: string };
/** `outcomes` is left out when every item succeeded without a value (the inbox's answers): less to clone. */
type Answer<R> = { id: number; outcomes?: Outcome<R>[]; at?: number };
type Pending<R> = { resolve: (value: R) => void; reject: (error: unknown) => void };

/**
 * The calling thread's side. `refused` starts the message of an item the worker thread could not commit.
 * `maxInFlight`: at most this many messages awaiting their answer; calls made meanwhile wait and go together
 * in the next message once an answer arrives. A message costs both threads a fixed price (postMessage, its
 * answer, a commit on the other side: ~20 µs per event at 64 connections when every turn sent its own,
 * docs/performance.md), and the other side would only queue them behind its commits in flight anyway.
 */
export class TurnBatchSender<T, R> {
  private queue: { item: T; pending: Pending<R>; t?: number }[] = [];
  /** With EVENTS_DEBUG's segment timing on (lib/db/segment-timing.ts): when each message was posted. */
  private sentAt = new Map<number, number>();
  private sent = new Map<number, Pending<R>[]>();
  private nextId = 1;
  private scheduled = false;

  constructor(
    private readonly port: MessagePort,
    private readonly refused: string,
    private readonly maxInFlight = Infinity,
  ) {
    port.on("message", (answer: Answer<R>) => this.settle(answer));
  }

  call(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, pending: { resolve, reject }, t: segmentsOn() ? stamp() : undefined });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.sent.size >= this.maxInFlight) return;
    this.scheduled = true;
    setImmediate(() => this.send());
  }

  private send(): void {
    this.scheduled = false;
    if (this.sent.size >= this.maxInFlight) return; // settle() schedules the next message
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    const id = this.nextId++;
    this.sent.set(
      id,
      batch.map((b) => b.pending),
    );
    const at = segmentsOn() ? stamp() : undefined;
    if (at) {
      this.sentAt.set(id, at);
      for (const b of batch) if (b.t) segment("L: store call -> postMessage", at - b.t);
      segment("L: stores per message", batch.length);
    }
    try {
      this.port.postMessage({ id, items: batch.map((b) => b.item), at } satisfies Request<T>);
    } catch (error) {
      this.sent.delete(id);
      for (const b of batch) b.pending.reject(error);
    }
  }

  private settle({ id, outcomes, at }: Answer<R>): void {
    const pending = this.sent.get(id);
    if (!pending) return;
    const sentAt = this.sentAt.get(id);
    this.sentAt.delete(id);
    if (sentAt) segment("L: postMessage -> answer arrives", stamp() - sentAt);
    if (at) segment("L: answer posted -> arrives", stamp() - at);
    this.sent.delete(id);
    pending.forEach((p, i) => {
      const outcome = outcomes?.[i];
      if (outcome === undefined) p.resolve(undefined as R);
      else if ("value" in outcome) p.resolve(outcome.value);
      else p.reject(new Error(`${this.refused}: ${outcome.error}`));
    });
    if (this.queue.length > 0) this.schedule();
  }

  /** The worker thread is gone: every call not yet answered fails. */
  fail(error: Error): void {
    for (const pending of this.sent.values()) for (const p of pending) p.reject(error);
    this.sent.clear();
    this.sentAt.clear();
    for (const b of this.queue.splice(0)) b.pending.reject(error);
  }

  /** Resolves once every call made so far is answered or failed. */
  async drain(): Promise<void> {
    while (this.queue.length > 0 || this.sent.size > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * The worker thread's side: `handle` starts the work of one message's items (one promise per item, in order)
 * and each batch is answered once all of them settled. `drain` resolves once every batch received is answered.
 */
export function serveTurnBatches<T, R>(port: MessagePort, handle: (items: T[]) => Promise<R>[]): { drain(): Promise<void> } {
  let inFlight = 0;
  port.on("message", ({ id, items, at }: Request<T>) => {
    inFlight++;
    const received = at ? stamp() : 0; // EVENTS_DEBUG's segment timing (lib/db/segment-timing.ts)
    if (at) segment("W: postMessage -> worker receives", received - at);
    let work: Promise<R>[];
    try {
      work = handle(items);
    } catch (error) {
      work = items.map(() => Promise.reject(error));
    }
    void Promise.allSettled(work)
      .then((settled) => {
        if (at) segment("W: receives -> answer posted", stamp() - received);
        if (settled.every((o) => o.status === "fulfilled" && o.value === undefined))
          return port.postMessage({ id, at: at ? stamp() : undefined } satisfies Answer<R>);
        const outcomes = settled.map((o): Outcome<R> =>
          o.status === "fulfilled" ? { value: o.value } : { error: o.reason instanceof Error ? o.reason.message : String(o.reason) },
        );
        port.postMessage({ id, outcomes } satisfies Answer<R>);
      })
      .finally(() => inFlight--);
  });
  return {
    async drain() {
      while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    },
  };
}
