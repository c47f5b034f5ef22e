// RFC 9457 problem details. A problem is a value with a code; the code decides status and title.
import { Reply, toResponse } from "./responses";

export type FieldError = { field: string; pointer: string; code: string; message: string; in?: "query" | "path" };

export const PROBLEMS = {
  "bad-request": { status: 400, title: "Bad request" },
  "validation-failed": { status: 400, title: "Validation failed" },
  "invalid-json": { status: 400, title: "Malformed JSON" },
  "invalid-id": { status: 400, title: "Malformed id" },
  "version-required": { status: 400, title: "Service-Version header required" },
  "unsupported-version": { status: 400, title: "Unsupported Service-Version" },
  unauthorized: { status: 401, title: "Unauthorized" },
  "insufficient-scope": { status: 403, title: "Insufficient scope" },
  "forbidden-origin": { status: 403, title: "Cross-origin request refused" },
  forbidden: { status: 403, title: "Forbidden" },
  "not-found": { status: 404, title: "Not found" },
  "method-not-allowed": { status: 405, title: "Method not allowed" },
  conflict: { status: 409, title: "Conflict" },
  "automation-enabled": { status: 409, title: "Cannot update an enabled automation" },
  "enroll-existing-not-applicable": { status: 409, title: "enrollExisting does not apply to this workflow" },
  "channel-unavailable": { status: 400, title: "Channel not available" },
  "not-testable": { status: 422, title: "Block does not support test emails" },
  gone: { status: 410, title: "Gone" },
  "payload-too-large": { status: 413, title: "Payload too large" },
  "template-syntax": { status: 422, title: "Template syntax error" },
  "sender-unverified": { status: 422, title: "Sender not verified" },
  "unsupported-channel": { status: 422, title: "Channel not supported" },
  "unsupported-campaign-type": { status: 422, title: "Campaign type not supported" },
  "unsupported-media-type": { status: 415, title: "Unsupported media type" },
  "rate-limited": { status: 429, title: "Too many requests" },
  // the signup forms' public POST (/f/{formID}): a visitor's address the firewall refuses (docs/forms.md)
  "invalid-email": { status: 400, title: "Invalid address" },
  typo: { status: 422, title: "Check the address" },
  "disposable-domain": { status: 422, title: "Disposable address" },
  "no-mail-domain": { status: 422, title: "Address cannot receive mail" },
  internal: { status: 500, title: "Internal server error" },
  "mail-failed": { status: 502, title: "The mail server did not take the email" },
  "database-unavailable": { status: 503, title: "Database unavailable" },
} as const;

export type ProblemCode = keyof typeof PROBLEMS;

export class ApiProblem extends Error {
  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly extra: { errors?: FieldError[]; headers?: Record<string, string>; [key: string]: unknown } = {},
  ) {
    super(detail);
    this.name = "ApiProblem";
  }

  get status(): number {
    return PROBLEMS[this.code].status;
  }
}

/**
 * The most field errors a problem lists (docs/API contract: "at most 50 errors, and says in detail how
 * many there were"). 10,000 invalid array items made a 2.5 MB body, one error per item: a client needs
 * the first few to fix its request, and the rest only costs bandwidth and memory on both sides.
 */
export const MAX_PROBLEM_ERRORS = 50;

/** A problem's members with `errors` cut to MAX_PROBLEM_ERRORS; `errorsOmitted` and `detail` say how many more there were. */
export function boundedMembers(detail: string, members: Record<string, unknown>): { detail: string } & Record<string, unknown> {
  const errors = members.errors;
  if (!Array.isArray(errors) || errors.length <= MAX_PROBLEM_ERRORS) return { detail, ...members };
  const omitted = errors.length - MAX_PROBLEM_ERRORS;
  return {
    detail: `${detail} (${errors.length} errors in all; the first ${MAX_PROBLEM_ERRORS} are listed, ${omitted} more are not)`,
    ...members,
    errors: errors.slice(0, MAX_PROBLEM_ERRORS),
    errorsOmitted: omitted,
  };
}

export function problemTypeUrl(code: string, origin: string): string {
  return `${origin}/docs/problems/${code}`;
}

/** The problem as a pipeline Reply (lib/http/responses.ts); problemResponse is the web Response. */
export function problemReply(problem: ApiProblem, requestId: string, origin: string): Reply {
  const { headers = {}, ...members } = problem.extra;
  const body = {
    type: problemTypeUrl(problem.code, origin),
    title: PROBLEMS[problem.code].title,
    status: problem.status,
    ...boundedMembers(problem.detail, members),
    instance: `urn:request:${requestId}`,
  };
  return new Reply(problem.status, JSON.stringify(body), {
    "Content-Type": "application/problem+json",
    "X-Request-Id": requestId,
    ...headers,
  });
}

export function problemResponse(problem: ApiProblem, requestId: string, origin: string): Response {
  return toResponse(problemReply(problem, requestId, origin));
}
