// The app's entry for Inkwell's server (server/app-entry.ts): when Next evaluates this module, it
// publishes the API's routing table and the process's background work, from this build's modules, for the
// server to call. The server asks for this route through Next's request handler at start (and, in
// development, before each API request); no other request reaches it, since the server routes /api itself.
import { API_ROUTES } from "@/app/api-routes";
import { ensureBackgroundWork } from "@/lib/process/lifecycle";
import { publishServerEntry } from "@/lib/process/server-entry";

publishServerEntry({ routes: API_ROUTES, startBackgroundWork: ensureBackgroundWork });

export const dynamic = "force-dynamic";

export function GET(): Response {
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
