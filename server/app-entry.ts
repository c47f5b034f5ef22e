// How Inkwell's server reaches the app's module graph without loading any of it itself, on Next's
// documented extension points only: the server asks Next's request handler (a custom server's
// `getRequestHandler()`) for the app's entry route, app/api/server-entry/route.ts. Evaluating that module
// publishes the app's routing table and its background work under one globalThis key
// (lib/process/server-entry.ts); the server reads it from there. Next compiled those modules, and Next
// loads them: there is one instance of each, shared with every other route of the build.
//
// In production the entry is loaded once, at start. Under `npm run dev` the server asks again before each
// API request: Next recompiles what changed since and evaluates the new modules, which publish again, so an
// edit is served by the next request, as with Next's own routing.
import http, { type IncomingMessage } from "node:http";
import { randomBytes } from "node:crypto";
import type { ServerEntry } from "@/lib/process/server-entry";

/** The entry route's path: under /api, which Inkwell's router serves, so no other request reaches it. */
export const ENTRY_PATH = "/api/server-entry";
const TOKEN_HEADER = "x-inkwell-entry";
/** lib/process/server-entry.ts's key (the server may import types only from lib/). */
const KEY = Symbol.for("inkwell.server-entry");

export class AppEntry {
  private readonly token = randomBytes(24).toString("base64url");
  private loading: Promise<ServerEntry> | null = null;

  constructor(private readonly target: { port: number; host: string }) {}

  /** Whether `req` is this server's own request for the entry route (to be handed to Next). */
  isEntryRequest(req: IncomingMessage): boolean {
    return req.headers[TOKEN_HEADER] === this.token && (req.url ?? "").split("?")[0] === ENTRY_PATH;
  }

  /** The entry as Next has it now: requests the entry route (requests made meanwhile share the answer). */
  load(): Promise<ServerEntry> {
    this.loading ??= this.request().finally(() => (this.loading = null));
    return this.loading;
  }

  private async request(): Promise<ServerEntry> {
    const { port, host } = this.target;
    const hostname = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.get({ hostname, port, path: ENTRY_PATH, headers: { [TOKEN_HEADER]: this.token }, agent: false }, (res) => {
        res.resume();
        res.once("end", () => resolve(res.statusCode ?? 0));
      });
      req.once("error", reject);
    });
    const entry = (globalThis as Record<symbol, unknown>)[KEY] as ServerEntry | undefined;
    if (status !== 204 || !entry) {
      // Next ran the entry route in another process or realm, or not at all: the server cannot serve the API.
      throw new Error(
        `the app's entry route ${ENTRY_PATH} did not hand over the app (status ${status}, entry ${entry ? "found" : "missing"})`,
      );
    }
    return entry;
  }
}
