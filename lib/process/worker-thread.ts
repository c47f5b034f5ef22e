// The events and batch workers on a thread of the server process (INKWELL_WORKER=on, the default;
// started by lib/process/lifecycle.ts). The thread is an `npm run worker` inside the process: its own
// event loop on its own core, its own instances of lib/ (compiled by Next's build into a chunk of its
// own) and its own database connections, shared with the request thread through the database (claims
// and leases, as between processes). Where the database takes one writer at a time it also commits the
// events inbox and the inbound listener's mail for the request thread (lib/events/inbox-thread.ts,
// lib/inbound/inbound-thread.ts, lib/db/capabilities.ts) and a signup form submission's writes
// (lib/forms/form-writes.ts), so the file's one write lock is not fought over by two connections.
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import { closeDatabase } from "@/lib/db";
import { shareArrivals } from "@/lib/events/arrivals";
import { localInbox } from "@/lib/events/event-store";
import { serveInbox } from "@/lib/events/inbox-thread";
import { localInboundStore } from "@/lib/inbound/inbound-store";
import { serveInboundStore } from "@/lib/inbound/inbound-thread";
import { drainFormWrites, serveFormWrites } from "@/lib/forms/form-writes-thread";
import { startWorkers } from "./workers";

if (!parentPort) throw new Error("lib/process/worker-thread.ts runs as a worker thread only");
const port = parentPort;
const data = workerData as {
  inboxPort?: MessagePort;
  inboundPort?: MessagePort;
  formWritesPort?: MessagePort;
  arrivals?: SharedArrayBuffer;
} | null;
const inboxPort = data?.inboxPort;
if (inboxPort) serveInbox(inboxPort);
const inboundPort = data?.inboundPort;
if (inboundPort) serveInboundStore(inboundPort);
const formWritesPort = data?.formWritesPort;
if (formWritesPort) serveFormWrites(formWritesPort);
if (data?.arrivals) shareArrivals(data.arrivals);
const workers = startWorkers();
port.postMessage({ type: "started", workerId: workers.workerId });

port.on("message", (message: { type?: string }) => {
  if (message?.type !== "stop") return;
  // The batches being processed finish, the events handed over are committed and answered; what is
  // still claimed is taken again after its lease.
  void workers
    .stop()
    .then(() => localInbox().drain())
    .then(() => localInboundStore().drain())
    .then(drainFormWrites)
    .then(closeDatabase)
    .catch((error) => console.error("[worker thread] stopping failed", error))
    .finally(() => {
      port.postMessage({ type: "stopped" });
      inboxPort?.close();
      inboundPort?.close();
      formWritesPort?.close();
      port.close();
    });
});
