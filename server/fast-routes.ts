// Routes the custom server answers itself, before Next.js routing, for hot paths where Next's
// per-request overhead dominates (see docs/performance.md). Each handler is the very same function
// the matching app/api route file exports, so there is one implementation with two mounts.
import { GET as listContacts, PATCH as patchContactByEmail, POST as upsertContact } from "@/app/api/contacts/route";
import { GET as getContact, PATCH as patchContact } from "@/app/api/contacts/[id]/route";
import { POST as createTemplate, GET as listTemplates } from "@/app/api/email-templates/route";
import { DELETE as deleteTemplate, GET as getTemplate, PUT as replaceTemplate } from "@/app/api/email-templates/[id]/route";
import { POST as postEvent } from "@/app/api/events/route";
import type { RouteHandler } from "@/lib/http/route";
import { ID_PATTERN } from "@/lib/ids";

/**
 * `path`: an exact path, or a pattern whose named groups are the route's params. `compress`: encode the
 * response as Next would (its compression middleware); the events ingest answers a few bytes and skips it.
 */
export type FastRoute = { method: string; path: string | RegExp; handler: RouteHandler; compress?: boolean };

// Only well-formed ids take the fast path; anything else (including /import, and malformed ids that
// must get the pipeline's invalid-id problem) goes through Next's router, which answers the same way.
const ID = ID_PATTERN.source.replace(/^\^|\$$/g, "");
const TEMPLATE = new RegExp(`^/api/email-templates/(?<id>${ID})$`);
const CONTACT = new RegExp(`^/api/contacts/(?<id>${ID})$`);

const fastRoutes: FastRoute[] = [
  { method: "POST", path: "/api/events", handler: postEvent },
  // Contact upserts and lookups: what integrations call per customer.
  { method: "GET", path: "/api/contacts", handler: listContacts, compress: true },
  { method: "POST", path: "/api/contacts", handler: upsertContact, compress: true },
  { method: "PATCH", path: "/api/contacts", handler: patchContactByEmail, compress: true },
  { method: "GET", path: CONTACT, handler: getContact, compress: true },
  { method: "PATCH", path: CONTACT, handler: patchContact, compress: true },
  { method: "GET", path: "/api/email-templates", handler: listTemplates, compress: true },
  { method: "POST", path: "/api/email-templates", handler: createTemplate, compress: true },
  { method: "GET", path: TEMPLATE, handler: getTemplate, compress: true },
  { method: "PUT", path: TEMPLATE, handler: replaceTemplate, compress: true },
  { method: "DELETE", path: TEMPLATE, handler: deleteTemplate, compress: true },
];

export function matchFastRoute(method: string | undefined, path: string): { route: FastRoute; params: Record<string, string> } | null {
  for (const route of fastRoutes) {
    if (route.method !== method) continue;
    if (typeof route.path === "string") {
      if (route.path === path) return { route, params: {} };
      continue;
    }
    const match = route.path.exec(path);
    if (match) return { route, params: { ...match.groups } };
  }
  return null;
}
