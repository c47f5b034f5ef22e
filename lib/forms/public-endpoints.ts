// The public side of forms (app/f/...): no session, no credential, nothing trusted. The route files call
// these; the rules are in submit-form.ts and confirm-submission.ts. Every answer is worded for a visitor;
// hostile input (huge, malformed, the wrong type) gets a 4xx, never a 500.
//
// The submission and the challenge take an ApiRequest and answer a Reply (lib/http), as the API's handlers
// do: Inkwell's server serves them itself (app/public-routes.ts, server/api-router.ts), without Next's
// per-request Request/Response and routing, which cost more than the submission's own work (bench:forms).
// The pages Next serves (the hosted page, the confirmation) get a web Response (toResponse).
import { config } from "@/lib/config";
import { visitorOf } from "@/lib/delivery/tracking/visitor";
import { ApiProblem, PROBLEMS, problemReply, type ProblemCode } from "@/lib/http/problems";
import type { ApiRequest } from "@/lib/http/api-request";
import { requestIdOf, withProblems } from "@/lib/http/route";
import { jsonReply, Reply, toResponse, type HandlerResult } from "@/lib/http/responses";
import { bumpCounter } from "./counters";
import { subscribeSubmission, type ConfirmOutcome } from "./confirm-submission";
import { db } from "@/lib/db";
import { verifyMessageToken } from "@/lib/recipient-links/message-token";
import { escapeHtml as esc } from "@/lib/templates/render/tags";
import { createChallenge } from "./firewall/challenge";
import { embedScript } from "./public/embed-script";
import { hostedPagePolicy, renderHostedPage } from "./public/render-page";
import type { PublicFormView } from "./public-view";
import { submitForm, type Posted, type SubmitResult } from "./submit-form";
import { findActiveForm, publicFormView } from "./view";

const MAX_BODY = 32 * 1024;

export const CORS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Max-Age": "86400",
};

/** The hosted page's policy: its own styles, scripts from Inkwell only, posts to Inkwell only. */
const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; connect-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** A problem as every API answers it (type, title, instance, X-Request-Id: lib/http/problems), open to any site. */
function problem(requestId: string, code: ProblemCode, detail: string, extra: ApiProblem["extra"] = {}): Reply {
  const reply = problemReply(new ApiProblem(code, detail, extra), requestId, config().appOrigin);
  reply.set("Cache-Control", "no-store");
  for (const [name, value] of Object.entries(CORS)) reply.set(name, value);
  return reply;
}

/** Every answer carries its request id (API-CONTRACT), the ones that are not problems too. */
function tagged(reply: Reply, requestId: string): Reply {
  reply.set("X-Request-Id", requestId);
  return reply;
}

const notFound = (requestId: string) => problem(requestId, "not-found", "This signup form does not exist or is not taking signups.");

/** An HTML answer; the hosted form's own pages carry its policy (hostedPagePolicy: the hashes of its script and styles). */
function html(body: string, status = 200, policy = PAGE_POLICY): Reply {
  return new Reply(status, body, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": policy,
    "Cache-Control": "no-store",
  });
}

/** A small page of Inkwell's own (success, confirmation): fixed words and the form's texts, escaped. */
function notice(title: string, message: string, status = 200): Reply {
  return html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>` +
      `<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:3rem 1rem;background:#f6f7f9;color:#1f2328}main{max-width:32rem;margin:0 auto;background:#fff;padding:2rem;border-radius:8px}</style></head>` +
      `<body><main><h1>${esc(title)}</h1><p role="status">${esc(message)}</p></main></body></html>`,
    status,
  );
}

/** The hosted page with a message above the form (what went wrong with a plain form post). */
function pageWithAlert(view: PublicFormView, message: string, status: number): Reply {
  const page = renderHostedPage(view);
  const alert = `<div class="ik-alert" role="alert">${esc(message)}</div>`;
  const at = page.search(/<form[\s>]/i);
  return html(
    at >= 0 ? page.slice(0, at) + alert + page.slice(at) : page.replace(/<body[^>]*>/i, (b) => b + alert),
    status,
    hostedPagePolicy(view),
  );
}

export async function hostedPage(formId: string): Promise<Response> {
  const form = await findActiveForm(formId);
  if (!form) return toResponse(notice("Form not found", "This signup form does not exist or is not taking signups.", 404));
  await bumpCounter(form, "views");
  const view = await publicFormView(form);
  return toResponse(html(renderHostedPage(view), 200, hostedPagePolicy(view)));
}

export async function embed(formId: string): Promise<Response> {
  const form = await findActiveForm(formId);
  if (!form)
    return new Response("/* This signup form does not exist or is not taking signups. */\n", {
      status: 404,
      headers: { "Content-Type": "text/javascript; charset=utf-8", ...CORS },
    });
  await bumpCounter(form, "views");
  return new Response(embedScript(await publicFormView(form)), {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-store",
      "Cross-Origin-Resource-Policy": "cross-origin",
      ...CORS,
    },
  });
}

export function challenge(request: ApiRequest, formId: string): Promise<HandlerResult> {
  return withProblems(request, async (requestId) => {
    const form = await findActiveForm(formId);
    if (!form) return notFound(requestId);
    return jsonReply(await createChallenge({ brandID: form.brandId, formID: form.id }), 200, {
      "Cache-Control": "no-store",
      "X-Request-Id": requestId,
      ...CORS,
    });
  });
}

export const preflight = async (): Promise<HandlerResult> => new Reply(204, null, { ...CORS });

/** Another method on a form's address: a problem like the submission's other refusals (not an empty 405). */
export async function methodNotAllowed(request: ApiRequest): Promise<HandlerResult> {
  return problem(requestIdOf(request), "method-not-allowed", "A signup form takes GET and POST only.", {
    headers: { Allow: "GET, HEAD, POST, OPTIONS" },
  });
}

type Body = { ok: true; posted: Posted; json: boolean } | { ok: false; code: ProblemCode; detail: string; json: boolean };

async function readBody(request: ApiRequest): Promise<Body> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const json = type === "application/json";
  if (!json && type !== "application/x-www-form-urlencoded")
    return {
      ok: false,
      code: "unsupported-media-type",
      detail: "Send the form as application/json or application/x-www-form-urlencoded.",
      json: true,
    };
  const declared = Number(request.headers.get("content-length") ?? "0");
  // The API's reading (lib/http/api-request.ts): it stops one byte past the limit, so a lying or missing
  // Content-Length cannot get a larger body read.
  const bytes = declared > MAX_BODY ? null : await request.body(MAX_BODY);
  if (!bytes || bytes.byteLength > MAX_BODY) return { ok: false, code: "payload-too-large", detail: "The submission is too large.", json };
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  if (!json) {
    const posted: Posted = {};
    for (const [key, value] of new URLSearchParams(text)) {
      const had = posted[key];
      posted[key] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
    }
    return { ok: true, posted, json };
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
      return { ok: false, code: "validation-failed", detail: "The submission must be a JSON object.", json };
    return { ok: true, posted: parsed as Posted, json };
  } catch {
    return { ok: false, code: "invalid-json", detail: "The submission is not valid JSON.", json };
  }
}

/** The form as its page shows it, read only when a plain form post's mistake shows the page again. */
type LazyView = () => Promise<PublicFormView>;

async function answer(result: SubmitResult, json: boolean, view: LazyView, requestId: string): Promise<Reply> {
  if (result.kind === "accepted") {
    if (json)
      return jsonReply({ status: "ok", message: result.message, confirmationRequired: result.confirmationRequired }, 200, {
        "Cache-Control": "no-store",
        ...CORS,
      });
    return notice(result.confirmationRequired ? "Almost done" : "Thank you", result.message);
  }
  const { kind, status, code, detail, retryAfterSeconds, ...extra } = result;
  void kind;
  const headers: Record<string, string> = retryAfterSeconds !== undefined ? { "Retry-After": String(retryAfterSeconds) } : {};
  if (json)
    return problem(requestId, code, detail, {
      ...extra,
      ...(retryAfterSeconds !== undefined ? { retryAfter: retryAfterSeconds } : {}),
      headers,
    });
  const reply = pageWithAlert(await view(), detail, status);
  for (const [k, v] of Object.entries(headers)) reply.set(k, v);
  return reply;
}

export function submission(request: ApiRequest, formId: string): Promise<HandlerResult> {
  // withProblems: a failure (the database down) is a problem too, never an empty 500.
  return withProblems(request, async (requestId) => {
    const form = await findActiveForm(formId);
    if (!form) return notFound(requestId);
    const body = await readBody(request);
    const view = () => publicFormView(form);
    if (!body.ok) {
      if (body.json) return problem(requestId, body.code, body.detail);
      return tagged(pageWithAlert(await view(), body.detail, PROBLEMS[body.code].status), requestId);
    }
    const visitor = visitorOf(request);
    const result = await submitForm(form, body.posted, { ip: visitor.ip ?? "", userAgent: visitor.userAgent ?? "" });
    return tagged(await answer(result, body.json, view, requestId), requestId);
  });
}

const CONFIRM_PAGES: Record<ConfirmOutcome["kind"], [string, string, number]> = {
  confirmed: ["Subscription confirmed", "Thank you: your subscription is confirmed.", 200],
  already: ["Already confirmed", "Your subscription was confirmed already: nothing changed.", 200],
  unknown: ["Link not valid", "This confirmation link is not valid (it may be incomplete, or the subscription was removed).", 404],
};

/** The submission a confirmation link is for: the link is its email's message token (signed, lib/recipient-links). */
async function submissionOf(token: string) {
  const messageId = verifyMessageToken(token);
  if (!messageId) return null;
  return db.formSubmission.findUnique({ where: { messageId }, select: { id: true, status: true, brandId: true } });
}

function confirmPage(outcome: ConfirmOutcome): Response {
  const [title, message, status] = CONFIRM_PAGES[outcome.kind];
  return toResponse(notice(outcome.kind === "unknown" ? title : `${title}: ${outcome.brandName}`.slice(0, 120), message, status));
}

/**
 * GET /f/confirm/{token}: a page with one button that posts the token back. Mail scanners and link
 * prefetchers follow links with GET (never submit forms), so only the person's click confirms. No CSRF
 * token: the link's own token is the secret, and a forged POST needs it.
 */
export async function confirmationPage(token: string): Promise<Response> {
  const submission = await submissionOf(token);
  const brand = submission && (await db.brand.findUnique({ where: { id: submission.brandId }, select: { name: true } }));
  if (!submission || !brand) return confirmPage({ kind: "unknown" });
  if (submission.status !== "pending") return confirmPage({ kind: "already", brandName: brand.name, formId: "" });
  const title = `Confirm your subscription: ${brand.name}`.slice(0, 120);
  return toResponse(
    html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>` +
        `<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:3rem 1rem;background:#f6f7f9;color:#1f2328}main{max-width:32rem;margin:0 auto;background:#fff;padding:2rem;border-radius:8px}button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:6px;background:#1f6feb;color:#fff;cursor:pointer}</style></head>` +
        `<body><main><h1>${esc(title)}</h1><p>One more step: press the button to start receiving our emails.</p>` +
        `<form method="post" action="/f/confirm/${encodeURIComponent(token)}"><button type="submit">Confirm my subscription</button></form></main></body></html>`,
    ),
  );
}

/** POST /f/confirm/{token}: the click. The first subscribes; any later one says so and changes nothing. */
export async function confirm(request: Request, token: string): Promise<Response> {
  const submission = await submissionOf(token);
  const outcome: ConfirmOutcome = submission ? await subscribeSubmission(submission.id, visitorOf(request)) : { kind: "unknown" };
  return confirmPage(outcome);
}
