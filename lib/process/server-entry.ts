// What the app's module graph hands Inkwell's server (server/http-server.ts), which loads nothing of
// lib/ or app/ itself: the API's routing table and the process's background work.
//
// The app's entry module (app/api/server-entry/route.ts) publishes it when Next evaluates that module,
// which the server asks for with one request through Next's request handler at start (and, under
// `npm run dev`, before each API request, so that Next recompiles what changed). One key on globalThis,
// a Symbol.for key so that a module instance of a later development build finds and replaces it.
import type { ReplyHandler } from "@/lib/http/route";

/** A route file's exports: its method handlers (the reply form is what the server calls). */
export type RouteModule = Readonly<Record<string, unknown>>;
/** URL pattern in Next's file-system notation (`/api/contacts/[id]`) and the route file's module. */
export type RouteTable = readonly (readonly [pattern: string, module: RouteModule])[];

export type ServerEntry = {
  /** every route under /api and /v4, catch-alls included */
  routes: RouteTable;
  /** starts the process's background work (once; later calls do nothing) */
  startBackgroundWork(): void;
};

export type { ReplyHandler };

const KEY = Symbol.for("inkwell.server-entry");

export function publishServerEntry(entry: ServerEntry): void {
  (globalThis as Record<symbol, unknown>)[KEY] = entry;
}
