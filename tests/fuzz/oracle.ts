// What the fuzzer fails on: a 5xx, an error answer that is not its family's error body (RFC 9457
// problems under /api and /v4, RFC 6749 errors at the OAuth endpoints), an answer slower than 5 s, a 429
// (the fuzz server lifts every budget: run.ts's FUZZ_SERVER_ENV), and anything of the other brand reaching
// this brand's credentials.
import type { IncomingHttpHeaders } from "node:http";
import { MAX_PROBLEM_ERRORS } from "@/lib/http/problems";
import type { Operation } from "./operations";
import type { HttpRequest } from "./requests";

export const SLOW_MS = 5_000;
/**
 * The most a problem body may weigh: MAX_PROBLEM_ERRORS errors with room for long pointers. Unbounded,
 * 10,000 invalid array items answered 2.5 MB (issue 38).
 */
export const MAX_PROBLEM_BYTES = 64 * 1024;

export type Outcome = { status: number; headers: IncomingHttpHeaders; body: Buffer; ms: number };

const ID = /[0-9a-f]{24}/g;

function problemBodyIssues(outcome: Outcome): string[] {
  const issues: string[] = [];
  const type = String(outcome.headers["content-type"] ?? "");
  if (!type.startsWith("application/problem+json")) issues.push(`content type ${type || "(none)"} is not application/problem+json`);
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(outcome.body.toString("utf8"));
  } catch {
    return [...issues, "the body is not JSON"];
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return [...issues, "the body is not a JSON object"];
  if (typeof body.type !== "string" || !/^https?:\/\/\S+\/problems\/[a-z-]+$/.test(body.type))
    issues.push(`type ${JSON.stringify(body.type)}`);
  if (typeof body.title !== "string" || body.title === "") issues.push("no title");
  if (body.status !== outcome.status) issues.push(`status member ${JSON.stringify(body.status)} is not ${outcome.status}`);
  if (body.detail !== undefined && typeof body.detail !== "string") issues.push("detail is not a string");
  const requestId = outcome.headers["x-request-id"];
  if (body.instance !== `urn:request:${requestId}`)
    issues.push(`instance ${JSON.stringify(body.instance)} is not urn:request:${requestId}`);
  if (body.errors !== undefined) {
    const errors = body.errors;
    const wellFormed =
      Array.isArray(errors) &&
      errors.every(
        (e) =>
          typeof e === "object" &&
          e !== null &&
          typeof e.field === "string" &&
          typeof e.pointer === "string" &&
          (e.pointer === "" || e.pointer.startsWith("/")) &&
          typeof e.code === "string" &&
          typeof e.message === "string",
      );
    if (!wellFormed) issues.push("errors[] is not a list of {field, pointer, code, message}");
    else if (errors.length > MAX_PROBLEM_ERRORS) issues.push(`errors[] lists ${errors.length} errors (at most ${MAX_PROBLEM_ERRORS})`);
  }
  if (body.errorsOmitted !== undefined) {
    const omitted = body.errorsOmitted;
    if (!Number.isInteger(omitted) || (omitted as number) < 1)
      issues.push(`errorsOmitted ${JSON.stringify(omitted)} is not a positive integer`);
    else if (!Array.isArray(body.errors) || body.errors.length !== MAX_PROBLEM_ERRORS)
      issues.push(`errorsOmitted with ${Array.isArray(body.errors) ? body.errors.length : "no"} errors listed (not ${MAX_PROBLEM_ERRORS})`);
  }
  if (outcome.body.length > MAX_PROBLEM_BYTES) issues.push(`the body is ${outcome.body.length} bytes (at most ${MAX_PROBLEM_BYTES})`);
  return issues;
}

function oauthErrorIssues(outcome: Outcome): string[] {
  try {
    const body = JSON.parse(outcome.body.toString("utf8"));
    return typeof body?.error === "string" ? [] : ["no RFC 6749 `error` member"];
  } catch {
    return ["the OAuth error is not JSON"];
  }
}

/** Ids of the other brand in `text` that `request` did not mention itself. */
export function foreignIdsIn(text: string, request: HttpRequest, foreign: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(ID)) if (foreign.has(match[0])) found.add(match[0]);
  if (found.size === 0) return [];
  const sent = request.target + " " + (request.body?.toString("utf8") ?? "");
  return [...found].filter((id) => !sent.includes(id));
}

/** Why this answer fails the run (empty when it passes). */
export function verdict(request: HttpRequest, op: Operation, outcome: Outcome, foreign: ReadonlySet<string>): string[] {
  const failures: string[] = [];
  if (outcome.status >= 500) failures.push(`answered ${outcome.status}`);
  if (outcome.ms > SLOW_MS) failures.push(`took ${Math.round(outcome.ms)} ms (limit ${SLOW_MS})`);
  if (outcome.status === 429) failures.push("answered 429: the fuzz server lifts every rate limit");
  const apiPath = request.target.startsWith("/api/") || request.target.startsWith("/v4/");
  if (outcome.status >= 400 && (op.errorFormat === "problem" || apiPath)) {
    for (const issue of problemBodyIssues(outcome)) failures.push(`not a problem body: ${issue}`);
  } else if (outcome.status >= 400 && op.errorFormat === "oauth") {
    for (const issue of oauthErrorIssues(outcome)) failures.push(`not an OAuth error: ${issue}`);
  }
  if (!op.public && request.foreign.length && request.method === "GET" && outcome.status >= 200 && outcome.status < 300) {
    failures.push(`cross-tenant: ${outcome.status} for the other brand's ${request.foreign.join(", ")}`);
  }
  const leaked = foreignIdsIn(outcome.body.toString("utf8"), request, foreign);
  if (leaked.length) failures.push(`cross-tenant: the answer holds the other brand's ${leaked.join(", ")}`);
  return failures;
}
