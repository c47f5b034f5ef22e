// What an Inkwell server process runs beside its requests, and how it stops. Inkwell's server starts the
// work when it starts, before it answers any request, through the app's entry (lib/process/server-entry.ts),
// so inside the app's module graph:
//  - the events and batch workers and the refresh of segment sizes (INKWELL_WORKER=on) on a worker thread
//    of their own (lib/process/worker-thread.ts), restarted if it dies; where the database takes one
//    writer at a time, that thread also commits the events inbox (lib/events/inbox-thread.ts);
//  - bulk tag jobs, on the request thread (every server process runs the jobs it accepted);
//  - the inbound SMTP listener when INBOUND_SMTP_PORT is set (lib/inbound/smtp-listener.ts), on the request
//    thread: it stores what it takes (where the database takes one writer at a time, through the worker
//    thread: lib/inbound/inbound-thread.ts), and the worker thread's inbound job handles it;
//  - where the database takes one writer at a time, a signup form submission's writes are committed by the
//    worker thread too (lib/forms/form-writes.ts).
import { MessageChannel, Worker } from "node:worker_threads";
import { config } from "@/lib/config";
import { closeDatabase } from "@/lib/db";
import { needsSingleWriterThread } from "@/lib/db/capabilities";
import { delegateInbox, eventStore } from "@/lib/events/event-store";
import { newArrivalsBuffer, shareArrivals } from "@/lib/events/arrivals";
import { ThreadInbox } from "@/lib/events/inbox-thread";
import { startTagJobRunner } from "@/lib/contacts/tags/tag-jobs";
import { delegateInboundStore } from "@/lib/inbound/inbound-store";
import { ThreadInboundStore } from "@/lib/inbound/inbound-thread";
import { delegateFormWrites } from "@/lib/forms/form-writes";
import { ThreadFormWrites } from "@/lib/forms/form-writes-thread";
import { startInboundListener, type InboundListener } from "@/lib/inbound/smtp-listener";

const RESTART_DELAY_MS = 1_000;
const STOP_TIMEOUT_MS = 8_000;

/** The worker thread, kept running: restarted a second after it dies, until the process stops. */
class WorkerThread {
  private worker: Worker | null = null;
  private stopping = false;
  private running = false;

  constructor() {
    this.start();
  }

  get isRunning(): boolean {
    return this.running;
  }

  private start(): void {
    // With one writer at a time (lib/db/capabilities.ts) the thread commits the inbox too
    // (lib/events/inbox-thread.ts), once it is up; until then, and while it is restarted, events are
    // committed on this thread. Otherwise the request thread commits them on its own connections.
    const inbox = needsSingleWriterThread() ? new MessageChannel() : null;
    // The same for the mail the inbound listener takes (lib/inbound/inbound-store.ts).
    const inbound = needsSingleWriterThread() ? new MessageChannel() : null;
    // And for a signup form submission's writes (lib/forms/form-writes.ts).
    const forms = needsSingleWriterThread() ? new MessageChannel() : null;
    // The worker rests while events arrive: it reads the count this thread keeps (lib/events/arrivals.ts).
    const arrivals = newArrivalsBuffer();
    shareArrivals(arrivals);
    // Next's build compiles the thread's entry into a chunk of its own (Turbopack bundles worker
    // threads named by `new URL(..., import.meta.url)`), from the same sources as the routes.
    const worker = new Worker(new URL("./worker-thread.ts", import.meta.url), {
      workerData: { inboxPort: inbox?.port2, inboundPort: inbound?.port2, formWritesPort: forms?.port2, arrivals },
      transferList: [inbox?.port2, inbound?.port2, forms?.port2].filter((p) => p !== undefined),
      // V8 lets a heap grow to about four times what survives a collection before collecting again; a
      // send allocates hundreds of MB per second of short-lived email text, so without a cap the thread's
      // resident memory grew by 200+ MB over a send while its live heap stayed near 60 MB.
      resourceLimits: { maxOldGenerationSizeMb: config().WORKER_HEAP_MB },
    });
    const threadInbox = inbox ? new ThreadInbox(inbox.port1) : null;
    const threadInbound = inbound ? new ThreadInboundStore(inbound.port1) : null;
    const threadForms = forms ? new ThreadFormWrites(forms.port1) : null;
    this.worker = worker;
    worker.on("message", (message: { type?: string }) => {
      if (message?.type !== "started") return;
      this.running = true;
      if (threadInbox && !this.stopping) delegateInbox(threadInbox);
      if (threadInbound && !this.stopping) delegateInboundStore(threadInbound);
      if (threadForms && !this.stopping) delegateFormWrites(threadForms);
    });
    worker.on("error", (error) => console.error("[worker thread] failed", error));
    worker.on("exit", (code) => {
      this.running = false;
      this.worker = null;
      if (threadInbox) {
        delegateInbox(null);
        threadInbox.fail(new Error(`the worker thread exited (code ${code}) before committing the event`));
        inbox?.port1.close();
      }
      if (threadInbound) {
        delegateInboundStore(null);
        threadInbound.fail(new Error(`the worker thread exited (code ${code}) before storing the mail`));
        inbound?.port1.close();
      }
      if (threadForms) {
        delegateFormWrites(null);
        threadForms.fail(new Error(`the worker thread exited (code ${code}) before committing the submission`));
        forms?.port1.close();
      }
      if (this.stopping) return;
      console.error(`[worker thread] exited with code ${code}; restarting in ${RESTART_DELAY_MS} ms`);
      setTimeout(() => !this.stopping && this.start(), RESTART_DELAY_MS).unref();
    });
  }

  /** Lets the thread finish the batches it is processing, then ends it (forcibly after a timeout). */
  async stop(): Promise<void> {
    this.stopping = true;
    // Events accepted from now on are committed here; those already handed over are answered first.
    delegateInbox(null);
    delegateInboundStore(null);
    delegateFormWrites(null);
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
    worker.postMessage({ type: "stop" });
    const timeout = setTimeout(() => void worker.terminate(), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timeout);
  }
}

type Running = { worker: WorkerThread | null; tagJobs: ReturnType<typeof startTagJobRunner>; inbound: Promise<InboundListener | null> };

let running: Running | undefined;

/** Starts the process's background work once; later calls do nothing. */
export function ensureBackgroundWork(): void {
  if (running) return;
  running = {
    worker: config().INKWELL_WORKER === "on" ? new WorkerThread() : null,
    tagJobs: startTagJobRunner(),
    // A port that cannot be bound stops the process: a bounce path that silently listens nowhere loses mail.
    inbound: config().INBOUND_SMTP_PORT
      ? startInboundListener().catch((error) => {
          console.error(`[inbound smtp] cannot listen on ${config().INBOUND_SMTP_HOST}:${config().INBOUND_SMTP_PORT}: ${error.message}`);
          process.exit(1);
        })
      : Promise.resolve(null),
  };
  process.once("SIGTERM", () => void shutdown());
  process.once("SIGINT", () => void shutdown());
}

export function backgroundStatus(): { worker: "running" | "starting" | "off" } {
  if (!running?.worker) return { worker: "off" };
  return { worker: running.worker.isRunning ? "running" : "starting" };
}

/**
 * On SIGTERM/SIGINT: the worker thread finishes its batches, events already being committed are
 * committed (their requests get their 202), the connections close, the process exits. At most 10 s.
 */
async function shutdown(): Promise<void> {
  setTimeout(() => process.exit(0), 10_000).unref();
  try {
    // No new mail taken first; what it stored is handled by the worker (now, or after the restart).
    await (await running?.inbound)?.close();
    await running?.worker?.stop();
    await running?.tagJobs.stop();
    await eventStore().drain();
    await closeDatabase();
  } catch (error) {
    console.error("[shutdown]", error);
  }
  process.exit(0);
}
