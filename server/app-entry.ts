// How Inkwell's server reaches the app's module graph without a copy of it and without a global: it loads
// the app's built entry route (app/api/server-entry/route.ts, compiled by Next) through Node's module cache,
// which is how Next itself loads every built route module, so the entry, the routing table and every module
// they import are the instances Next has (one of each). The entry's `serverEntry` export is read from the
// route module's `userland` once Next's lazy loader has loaded it.
//
// That relies on the layout of Next's build (`<distDir>/server/app/<route>/route.js` exporting
// `routeModule`, `ensureUserland()`, `userland`): not a documented API, so `next` is pinned to one version
// (package.json; scripts/architecture.test.ts) and an upgrade that changes it stops the server at start with
// the message below, which every API test then meets (tests/api/server-start.test.ts).
//
// In production the entry is loaded once, at start. Under `npm run dev` the server first asks Next's request
// handler for the entry route before each API request: Next compiles what changed since (and drops the old
// modules from the cache), and the server then loads the new entry, so an edit is served by the next request.
import http, { type IncomingMessage } from "node:http";
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import type { ServerEntry } from "@/lib/process/server-entry";

/** The entry route's path: under /api, which Inkwell's router serves, so no other request reaches it. */
export const ENTRY_PATH = "/api/server-entry";
const TOKEN_HEADER = "x-inkwell-entry";
const loadBuilt = createRequire(import.meta.url);

/** What Next 16's build of an app route exports (next/dist/server/route-modules/app-route/module.js). */
type BuiltRoute = {
  routeModule?: { ensureUserland?: () => Promise<void>; userland?: { serverEntry?: ServerEntry } };
};

export class AppEntry {
  private readonly token = randomBytes(24).toString("base64url");
  private loading: Promise<ServerEntry> | null = null;
  /** Where Next writes the built entry route: `.next/server` (`.next/dev/server` under `npm run dev`). */
  private readonly builtFile: string;

  constructor(private readonly target: { port: number; host: string; dir: string; dev: boolean }) {
    this.builtFile = path.join(target.dir, ".next", ...(target.dev ? ["dev"] : []), "server", "app", "api", "server-entry", "route.js");
  }

  /** Whether `req` is this server's own request for the entry route (to be handed to Next). */
  isEntryRequest(req: IncomingMessage): boolean {
    return req.headers[TOKEN_HEADER] === this.token && (req.url ?? "").split("?")[0] === ENTRY_PATH;
  }

  /** The entry as Next has it now (requests made meanwhile share the answer). */
  load(): Promise<ServerEntry> {
    this.loading ??= this.read().finally(() => (this.loading = null));
    return this.loading;
  }

  private async read(): Promise<ServerEntry> {
    // Development: Next compiles on demand, so the entry route is asked for first.
    if (this.target.dev) await this.compile();
    let built: BuiltRoute;
    try {
      built = loadBuilt(this.builtFile) as BuiltRoute;
    } catch (error) {
      throw new Error(`the app's built entry route ${this.builtFile} cannot be loaded (run npm run build): ${String(error)}`);
    }
    await built.routeModule?.ensureUserland?.();
    const entry = built.routeModule?.userland?.serverEntry;
    if (!entry) {
      throw new Error(
        `the app's entry route ${this.builtFile} has no serverEntry where this version of Next keeps a route's exports ` +
          "(routeModule.userland): the server cannot serve the API. Was next upgraded past the pinned version?",
      );
    }
    return entry;
  }

  private async compile(): Promise<void> {
    const { port, host } = this.target;
    const hostname = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.get({ hostname, port, path: ENTRY_PATH, headers: { [TOKEN_HEADER]: this.token }, agent: false }, (res) => {
        res.resume();
        res.once("end", () => resolve(res.statusCode ?? 0));
      });
      req.once("error", reject);
    });
    if (status !== 204) throw new Error(`the app's entry route ${ENTRY_PATH} answered ${status} instead of 204`);
  }
}
