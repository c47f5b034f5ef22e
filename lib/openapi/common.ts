// Pieces the operations of the OpenAPI document share: the problem body, the version header, the
// standard error responses and the helpers routes declare their answers with.
import "zod-openapi";
import { z } from "zod";
import { CURRENT_VERSION } from "@/lib/http/version";
import { MAX_PROBLEM_ERRORS, PROBLEMS } from "@/lib/http/problems";

export const FieldErrorSchema = z
  .object({
    field: z.string().meta({ description: "Dot path without array indices, e.g. sections.rows.columns.blocks.id" }),
    pointer: z.string().meta({ description: "RFC 6901 JSON Pointer with indices, e.g. /sections/0/rows/1/columns/0/blocks/2/id" }),
    code: z.string().meta({ description: "Machine-readable reason, e.g. required, too_big, duplicate, invalid_value" }),
    message: z.string(),
  })
  .meta({ id: "FieldError" });

export const ProblemSchema = z
  .object({
    type: z.string().meta({ description: "URL of the problem type; its last segment is the problem code, e.g. .../validation-failed" }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string().meta({ description: "urn:request:<X-Request-Id>" }),
    errors: z
      .array(FieldErrorSchema)
      .optional()
      .meta({ description: `Every invalid field of the request, reported at once (at most ${MAX_PROBLEM_ERRORS}: see errorsOmitted)` }),
    errorsOmitted: z
      .number()
      .int()
      .optional()
      .meta({
        description: `How many more errors there were than the ${MAX_PROBLEM_ERRORS} listed (present only then; detail says it too)`,
      }),
    retryAfter: z.number().int().optional().meta({ description: "Seconds to wait (429 only)" }),
  })
  .meta({ id: "Problem", description: `RFC 9457 problem details. Codes: ${Object.keys(PROBLEMS).join(", ")}` });

export const VersionHeader = z.object({
  "Service-Version": z.literal(CURRENT_VERSION).meta({ description: "API version; required on every /api request" }),
});

function problem(description: string) {
  return { description, content: { "application/problem+json": { schema: ProblemSchema } } };
}

/** Error responses every authenticated operation can give. */
export const standardErrors = {
  "400": problem("Invalid request: missing or unsupported Service-Version, malformed JSON, validation failures, malformed path id"),
  "401": problem("Missing, invalid or revoked credentials (with WWW-Authenticate)"),
  "403": problem("The credential lacks the required scope, or a cookie-authenticated write came from a foreign origin"),
  "413": problem("Body over 1 MB"),
  "415": problem("Body is not application/json"),
  "429": problem("Rate limit exceeded (Retry-After header and retryAfter member)"),
  "500": problem("Unexpected error (no internals are disclosed)"),
  "503": problem("The database is unreachable"),
} as const;

export const notFound = { "404": problem("No such resource in this brand") };
export const conflict = (what: string) => ({ "409": problem(what) });
export const unprocessable = (what: string) => ({ "422": problem(what) });
export const badGateway = (what: string) => ({ "502": problem(what) });

export function jsonContent(schema: z.ZodType, description: string) {
  return { description, content: { "application/json": { schema } } };
}
