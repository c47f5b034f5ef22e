// What an Inkwell server process runs beside its requests, and how it stops. The work starts on the
// first GET /healthz (the server asks for it once at start, scripts/start.ts), inside the app's module
// graph, so the in-process events worker shares the connections, the inbox and every other module
// with the API routes (docs/architecture.md).
import { config } from "@/lib/config";
import { closeDatabase } from "@/lib/db";
import { eventStore } from "@/lib/events/event-store";
import { startTagJobRunner } from "@/lib/contacts/tags/tag-jobs";
import { startWorkers, type Workers } from "./workers";

type Running = { worker: Workers | null; tagJobs: ReturnType<typeof startTagJobRunner> };

let running: Running | undefined;

/** Starts the process's background work once; later calls do nothing. */
export function ensureBackgroundWork(): void {
  if (running) return;
  // Bulk tag jobs run in every server process (the one that accepted a job starts it at once).
  running = { worker: config().INKWELL_WORKER === "on" ? startWorkers() : null, tagJobs: startTagJobRunner() };
  process.once("SIGTERM", () => void shutdown());
  process.once("SIGINT", () => void shutdown());
}

export function backgroundStatus(): { worker: "running" | "off" } {
  return { worker: running?.worker ? "running" : "off" };
}

/**
 * On SIGTERM/SIGINT: the worker finishes its batch, events already being committed are committed
 * (their requests get their 202), the connections close, the process exits. At most 10 s.
 */
async function shutdown(): Promise<void> {
  setTimeout(() => process.exit(0), 10_000).unref();
  try {
    await running?.worker?.stop();
    await running?.tagJobs.stop();
    await eventStore().drain();
    await closeDatabase();
  } catch (error) {
    console.error("[shutdown]", error);
  }
  process.exit(0);
}
