// OpenAPI paths of the deprecated v4 layer, from the same zod schemas its routes validate with.
import type { ZodOpenApiPathsObject, ZodOpenApiResponsesObject } from "zod-openapi";
import { z } from "zod";
import { AcceptedEventSchema } from "@/lib/events/schemas";
import { conflict, notFound, ProblemSchema, standardErrors } from "@/lib/openapi/common";
import { DEFAULT_SUNSET_AT, DEPRECATED_AT, MIGRATION_GUIDE } from "./lifecycle";
import { V4ContactSchema, V4IdentifyAccepted, V4IdentifyInput, V4LookupParams, V4TrackInput } from "./schemas";

const tags = ["v4 (deprecated)"];

const LifecycleHeaders = z.object({
  Deprecation: z.string().meta({
    description: `RFC 9745: @${Math.floor(DEPRECATED_AT.getTime() / 1000)} (deprecated since ${DEPRECATED_AT.toISOString().slice(0, 10)})`,
  }),
  Sunset: z.string().meta({ description: `RFC 8594: ${DEFAULT_SUNSET_AT.toUTCString()}; v4 answers 410 from then on` }),
  Link: z
    .string()
    .meta({ description: `The current endpoint (rel="successor-version") and the migration guide ${MIGRATION_GUIDE} (rel="deprecation")` }),
});

const security = (scope: string) => [{ oauth2: [scope] }];

const withHeaders = (description: string, schema: z.ZodType, type = "application/json") => ({
  description,
  headers: LifecycleHeaders,
  content: { [type]: { schema } },
});

const problem = (description: string) => withHeaders(description, ProblemSchema, "application/problem+json");

/** The standard errors, with the lifecycle headers every v4 response carries. */
function errors(extra: Record<string, { description: string }> = {}): ZodOpenApiResponsesObject {
  const all: Record<string, { description: string }> = { ...standardErrors, ...extra };
  const out: ZodOpenApiResponsesObject = {};
  for (const [status, { description }] of Object.entries(all)) out[status as "400"] = problem(description);
  out["400"] = problem("Invalid request: malformed JSON, validation failures (all reported at once), malformed lookup");
  out["403"] = problem("The token lacks the required scope");
  out["401"] = problem(
    "No bearer token (an API key or a session is refused: the message points to the current API), or an invalid or revoked token",
  );
  out["410"] = problem(`The v4 API is past its sunset (${DEFAULT_SUNSET_AT.toISOString().slice(0, 10)})`);
  return out;
}

const common = { tags, deprecated: true } as const;
const note = `Deprecated: served from the current implementation until ${DEFAULT_SUNSET_AT.toISOString().slice(0, 10)}; OAuth bearer tokens only; no Service-Version header. See ${MIGRATION_GUIDE}.`;

export const v4Paths: ZodOpenApiPathsObject = {
  "/v4/identify": {
    post: {
      ...common,
      summary: "Create or update a contact (v4); use POST /api/contacts",
      description: `${note} Mapping: email and phoneNumber become identifiers, optIns/optOuts the channel status (subscribed/unsubscribed) of the identifier, consents the identifier's consent. The upsert runs before the answer; 202 is kept from v4.`,
      security: security("contacts.write"),
      requestBody: { content: { "application/json": { schema: V4IdentifyInput } } },
      responses: {
        "202": withHeaders("The contact was stored; its id", V4IdentifyAccepted),
        ...errors(conflict("email or phoneNumber belongs to another contact")),
      },
    },
  },
  "/v4/contacts/{lookup}": {
    get: {
      ...common,
      summary: "One contact by id:{id}, email:{email} or phoneNumber:{phone} (v4); use GET /api/contacts/{id} or ?email= / ?phone=",
      description: `${note} Returns one contact in v4's shape (top-level email, phoneNumber, optIns, optOuts, consents).`,
      security: security("contacts.read"),
      requestParams: { path: V4LookupParams },
      responses: { "200": withHeaders("The contact", V4ContactSchema), ...errors(notFound) },
    },
  },
  "/v4/track": {
    post: {
      ...common,
      summary: "Track an event (v4); use POST /api/events with compatibility: no-origin",
      description: `${note} Stored exactly as POST /api/events with \`compatibility: no-origin\` would: the name as sent, no eventVersion (also for recommended names), properties unchanged, contact.phoneNumber as contact.phone, origin "v4" (not part of the identity).`,
      security: security("events.write"),
      requestBody: { content: { "application/json": { schema: V4TrackInput } } },
      responses: { "202": withHeaders("The event is durably stored and will be processed", AcceptedEventSchema), ...errors() },
    },
  },
};
