// How a v4 operation is documented: its route's declaration (app/v4/**/route.ts, through v4Route) with
// what every v4 answer shares: deprecated, the lifecycle headers on every response, v4's errors.
import type { ZodOpenApiResponsesObject } from "zod-openapi";
import { z } from "zod";
import type { OperationDocs } from "@/lib/http/operation";
import { ProblemSchema, standardErrors } from "@/lib/openapi/common";
import { DEFAULT_SUNSET_AT, DEPRECATED_AT, MIGRATION_GUIDE } from "./lifecycle";

const LifecycleHeaders = z.object({
  Deprecation: z.string().meta({
    description: `RFC 9745: @${Math.floor(DEPRECATED_AT.getTime() / 1000)} (deprecated since ${DEPRECATED_AT.toISOString().slice(0, 10)})`,
  }),
  Sunset: z.string().meta({ description: `RFC 8594: ${DEFAULT_SUNSET_AT.toUTCString()}; v4 answers 410 from then on` }),
  Link: z
    .string()
    .meta({ description: `The current endpoint (rel="successor-version") and the migration guide ${MIGRATION_GUIDE} (rel="deprecation")` }),
});

const problem = (description: string) => ({
  description,
  headers: LifecycleHeaders,
  content: { "application/problem+json": { schema: ProblemSchema } },
});

/** The answers a v4 route declares, each with the lifecycle headers, and the errors of every v4 operation. */
function v4Responses(declared: ZodOpenApiResponsesObject): ZodOpenApiResponsesObject {
  const out: ZodOpenApiResponsesObject = {};
  for (const [status, response] of Object.entries({ ...standardErrors, ...declared })) {
    const { description } = response as { description: string };
    out[status as "200"] = Number(status) >= 400 ? problem(description) : ({ ...response, headers: LifecycleHeaders } as typeof response);
  }
  out["400"] = problem("Invalid request: malformed JSON, validation failures (all reported at once), malformed lookup");
  out["403"] = problem("The token lacks the required scope");
  out["401"] = problem(
    "No bearer token (an API key or a session is refused: the message points to the current API), or an invalid or revoked token",
  );
  out["410"] = problem(`The v4 API is past its sunset (${DEFAULT_SUNSET_AT.toISOString().slice(0, 10)})`);
  return out;
}

const NOTE = `Deprecated: served from the current implementation until ${DEFAULT_SUNSET_AT.toISOString().slice(0, 10)}; OAuth bearer tokens only; no Service-Version header. See ${MIGRATION_GUIDE}.`;

/** What a v4 route says about itself (summary, description, its successes and own errors). */
export type V4Docs = Pick<OperationDocs, "summary" | "description" | "responses">;

/** The declaration of a v4 operation from what its route says. */
export function v4Docs(docs: V4Docs): OperationDocs {
  return {
    summary: docs.summary,
    description: `${NOTE} ${docs.description ?? ""}`.trim(),
    tags: ["v4 (deprecated)"],
    deprecated: true,
    responses: v4Responses(docs.responses),
  };
}
