// Routes the custom server answers itself, before Next.js routing, for hot paths where Next's
// per-request overhead dominates (see docs/performance.md). Each handler is the very same function
// the matching app/api route file exports, so there is one implementation with two mounts.
import { GET as listContacts, PATCH as patchContactByEmail, POST as upsertContact } from "@/app/api/contacts/route";
import { POST as postEvent } from "@/app/api/events/route";
import type { RouteHandler } from "@/lib/http/route";

export type FastRoute = { method: string; path: string; handler: RouteHandler };

export const fastRoutes: FastRoute[] = [
  { method: "POST", path: "/api/events", handler: postEvent },
  // Contact upserts and lookups by email/phone: what integrations call per customer.
  { method: "GET", path: "/api/contacts", handler: listContacts },
  { method: "POST", path: "/api/contacts", handler: upsertContact },
  { method: "PATCH", path: "/api/contacts", handler: patchContactByEmail },
];
