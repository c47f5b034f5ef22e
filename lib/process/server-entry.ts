// What the app's module graph hands Inkwell's server (server/http-server.ts), which loads nothing of
// lib/ or app/ itself: the API's routing table and the process's background work.
//
// The app's entry route (app/api/server-entry/route.ts) exports it as `serverEntry`; the server loads that
// built route module through Node's module cache, as Next does (server/app-entry.ts). Types only: nothing
// here is shared state.
import type { ReplyHandler } from "@/lib/http/route";

/** A route file's exports: its method handlers (the reply form is what the server calls). */
export type RouteModule = Readonly<Record<string, unknown>>;
/** URL pattern in Next's file-system notation (`/api/contacts/[id]`) and the route file's module. */
export type RouteTable = readonly (readonly [pattern: string, module: RouteModule])[];

export type ServerEntry = {
  /** every route under /api and /v4, catch-alls included */
  routes: RouteTable;
  /** the public routes outside /api the server serves itself, the methods built with lib/http's handler() (app/public-routes.ts) */
  publicRoutes: RouteTable;
  /** starts the process's background work (once; later calls do nothing) */
  startBackgroundWork(): void;
};

export type { ReplyHandler };
