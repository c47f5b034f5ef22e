// POST /f/{formID}: a visitor's submission. Read what the form asks for (nothing else), let the firewall
// judge it, then: a bot's is dropped (counted, and answered as a success: it learns nothing); a person's
// mistake or a limit is answered with what to fix; an accepted one creates or finds the contact (its email
// status unchanged: only the confirmation subscribes), stores the consent record and queues the
// confirmation email in the brand's lane, all in one transaction (./store-submission.ts, committed by the
// worker thread where the database takes one writer: ./form-writes.ts); a single opt-in form subscribes at once.
import { normalizeEmail } from "@/lib/contacts/identifiers";
import { isSuppressed, wakeDeliveryWorker } from "@/lib/delivery";
import type { FieldError, ProblemCode } from "@/lib/http/problems";
import { newId } from "@/lib/ids";
import { confirmationContent } from "./confirmation-email";
import { subscribeSubmission } from "./confirm-submission";
import { bumpCounter } from "./counters";
import { spendOnce } from "./firewall/challenge";
import { screenSubmission } from "./firewall/screen";
import { delegatedFormWrites } from "./form-writes";
import { storeSubmission, type SubmissionToStore } from "./store-submission";
import type { ScreenVerdict } from "./public-view";
import type { FieldName } from "./schemas";
import { rowDefinition, rowTopics, type FormRow } from "./store";
import { HONEYPOT_NAME } from "./view";

export type Visitor = { ip: string; userAgent: string };
/** A submission as posted: JSON, or urlencoded (repeated names become arrays). */
export type Posted = Record<string, unknown>;

export type SubmitResult =
  | { kind: "accepted"; message: string; confirmationRequired: boolean }
  | {
      kind: "problem";
      status: 400 | 422 | 429;
      code: ProblemCode;
      detail: string;
      errors?: FieldError[];
      suggestion?: string;
      retryAfterSeconds?: number;
    };

const MAX_LENGTH: Record<FieldName, number> = {
  email: 254,
  firstName: 50,
  lastName: 50,
  birthdate: 10,
  address: 500,
  city: 100,
  state: 100,
  country: 100,
  postalCode: 20,
};

const text = (value: unknown): string | undefined =>
  typeof value === "string" ? value : Array.isArray(value) && typeof value[0] === "string" ? value[0] : undefined;

const fieldError = (name: string, code: string, message: string): FieldError => ({ field: name, pointer: `/${name}`, code, message });

function validBirthdate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && date.getTime() < Date.now();
}

type Read = { email: string; fields: Partial<Record<FieldName, string>>; topicIds: string[]; errors: FieldError[] };

/** What the form asks for, checked; anything else posted is ignored. */
export function readSubmission(form: FormRow, posted: Posted): Read {
  const errors: FieldError[] = [];
  const fields: Partial<Record<FieldName, string>> = {};
  let email = "";
  for (const f of rowDefinition(form).fields) {
    const raw = text(posted[f.name]);
    const value = raw?.replace(/[\p{Cc}\p{Cf}]+/gu, " ").trim() ?? "";
    if (!value) {
      if (f.required || f.name === "email") errors.push(fieldError(f.name, "required", `Please fill in ${f.label}.`));
      continue;
    }
    if (value.length > MAX_LENGTH[f.name]) {
      errors.push(fieldError(f.name, "too_long", `${f.label} can be at most ${MAX_LENGTH[f.name]} characters.`));
      continue;
    }
    if (f.name === "email") {
      const normal = normalizeEmail(value);
      if (!normal) errors.push(fieldError("email", "invalid_email", "Please enter a valid email address."));
      else email = normal;
      continue;
    }
    if (f.name === "birthdate" && !validBirthdate(value)) {
      errors.push(fieldError(f.name, "invalid_date", `${f.label} must be a date like 1990-04-21.`));
      continue;
    }
    fields[f.name] = value;
  }
  const offered = rowTopics(form);
  const chosen = posted.topicIDs;
  // Not posted: the form's topics (a form without topic choices); posted: the ones the form offers.
  const picked =
    chosen === undefined ? offered : (Array.isArray(chosen) ? chosen : [chosen]).filter((t): t is string => typeof t === "string");
  const topicIds = offered.filter((t) => picked.includes(t));
  return { email, fields, topicIds, errors };
}

const truthy = (value: unknown) =>
  value === true || value === 1 || (typeof value === "string" && ["1", "true", "on", "yes"].includes(value));

function rejection(verdict: Extract<ScreenVerdict, { verdict: "reject" }>): SubmitResult {
  return {
    kind: "problem",
    status: verdict.status,
    code: verdict.code,
    detail: verdict.detail,
    ...(verdict.suggestion ? { suggestion: verdict.suggestion } : {}),
    ...(verdict.retryAfterSeconds !== undefined ? { retryAfterSeconds: verdict.retryAfterSeconds } : {}),
  };
}

export async function submitForm(form: FormRow, posted: Posted, visitor: Visitor): Promise<SubmitResult> {
  const definition = rowDefinition(form);
  const success: SubmitResult = { kind: "accepted", message: definition.texts.success, confirmationRequired: form.doubleOptIn };
  const read = readSubmission(form, posted);
  const honeypot = text(posted[HONEYPOT_NAME]);
  // A bot that fills every input also fills the honeypot: it gets the firewall's answer, not field errors.
  if (read.errors.length > 0 && !honeypot) {
    const detail = read.errors.length === 1 ? read.errors[0].message : `${read.errors.length} fields need your attention.`;
    return { kind: "problem", status: 400, code: "validation-failed", detail, errors: read.errors };
  }
  // Where the writes go to the worker thread, an accepted submission's solution is spent with them: one
  // round trip instead of two (docs/forms.md "Speed"); every other verdict is the same either way.
  const writes = delegatedFormWrites();
  const verdict = await screenSubmission(
    {
      brandID: form.brandId,
      formID: form.id,
      email: read.email,
      honeypot,
      altcha: text(posted.altcha),
      acceptTypo: truthy(posted.acceptTypo),
      ip: visitor.ip,
      userAgent: visitor.userAgent,
    },
    { deferSpend: writes !== null },
  );
  if (verdict.verdict === "drop") {
    await bumpCounter(form, `dropped:${verdict.reason}`);
    return success;
  }
  if (verdict.verdict === "reject") {
    await bumpCounter(form, `rejected:${verdict.code}`);
    return rejection(verdict);
  }
  const deferred = "spend" in verdict ? verdict.spend : null;
  /** A deferred solution spent now (before an answer that stores nothing): false when it was replayed. */
  const spendNow = async () => {
    if (!deferred || (await spendOnce(deferred.solution))) return true;
    await deferred.refund();
    await bumpCounter(form, "dropped:replayed-challenge");
    return false;
  };
  if (read.errors.length > 0) {
    if (!(await spendNow())) return success;
    return { kind: "problem", status: 400, code: "validation-failed", detail: read.errors[0].message, errors: read.errors };
  }
  // A suppressed address (bounced, complained, erased, or added by the operator) gets no confirmation email:
  // mailing it would hurt the brand's reputation or ignore someone's wish. Answered as a success, so the
  // form does not tell a stranger which addresses are suppressed; counted for the operator.
  if (form.doubleOptIn && (await isSuppressed(form.brandId, read.email))) {
    if (await spendNow()) await bumpCounter(form, "dropped:suppressed");
    return success;
  }

  const messageId = form.doubleOptIn ? newId() : null;
  const content = form.doubleOptIn ? await confirmationContent(form.brandId, definition.sender) : null;
  const write: SubmissionToStore = {
    form: { id: form.id, brandId: form.brandId },
    email: read.email,
    fields: read.fields,
    topicIds: read.topicIds,
    consentText: definition.texts.consent,
    ip: visitor.ip,
    userAgent: visitor.userAgent,
    now: new Date(),
    messageId,
    // the id only: the content's document need not cross to the worker thread
    contentId: content?.id ?? null,
  };
  // Asked again: the worker thread may have gone (and the writes come back here) since the screening.
  const thread = delegatedFormWrites();
  const { solution } = deferred ?? {};
  const written = !solution
    ? await (thread?.store(write) ?? storeSubmission(write))
    : thread
      ? await thread.spendAndStore(solution.signature, solution.expiresAt, write)
      : (await spendOnce(solution))
        ? await storeSubmission(write)
        : "replayed";
  if (written === "replayed") {
    await deferred!.refund();
    await bumpCounter(form, "dropped:replayed-challenge");
    return success;
  }
  if (written.queued) {
    if (written.due) wakeDeliveryWorker();
  } else if (!content) await subscribeSubmission(written.submissionId, { ip: visitor.ip, userAgent: visitor.userAgent });
  return success;
}
