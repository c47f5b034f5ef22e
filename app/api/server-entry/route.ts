// The app's entry for Inkwell's server (server/app-entry.ts): the API's routing table and the process's
// background work, from this build's modules. The server loads this module as Next loads every built route
// module (Node's module cache, so there is one instance of it and of everything it imports) and reads
// `serverEntry`; nothing is published on a global. Under `npm run dev` the server first asks for this route
// through Next's request handler, so that Next compiles what changed, then loads the new module.
import { API_ROUTES } from "@/app/api-routes";
import { PUBLIC_ROUTES } from "@/app/public-routes";
import { ensureBackgroundWork } from "@/lib/process/lifecycle";
import type { ServerEntry } from "@/lib/process/server-entry";

export const serverEntry: ServerEntry = {
  routes: API_ROUTES,
  publicRoutes: PUBLIC_ROUTES,
  startBackgroundWork: ensureBackgroundWork,
};

export const dynamic = "force-dynamic";

export function GET(): Response {
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
