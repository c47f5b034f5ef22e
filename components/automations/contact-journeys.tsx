"use client";
// A contact's journeys through automations (the profile's panel): which workflow, where they are (the
// step and until when they wait) or how it ended, and what the steps did (emails, webhooks, tags, branches).
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatDateTime } from "@/components/ui/format";
import { userMessage } from "@/components/ui/messages";
import { automationKeys, contactJourneys } from "./automations-client";
import { END_REASONS, notSentReason, readableTags } from "./builder/words";

const STEP_WORDS: Record<string, string> = {
  delay: "Wait",
  sendEmail: "Email",
  sendWebhook: "Webhook",
  addTag: "Tag added",
  removeTag: "Tag removed",
  split: "Split",
  abTesting: "A/B test",
};

function outcomeWords(kind: string, status: string, outcome: string | null): string {
  if (kind === "sendEmail")
    return outcome?.startsWith("queued")
      ? "handed to delivery"
      : `not sent (${notSentReason(outcome?.split(":").slice(1).join(":") || outcome || "unknown")})`;
  if (kind === "sendWebhook")
    return status === "done"
      ? `answered ${outcome}`
      : status === "pending"
        ? `retrying (last answer ${outcome ?? "none"})`
        : `failed (${outcome})`;
  if (kind === "split") return outcome === "true" ? "took Yes" : "took No";
  if (kind === "abTesting") return `took branch ${outcome?.toUpperCase()}`;
  return outcome ? outcome.replace(/[-_:]+/g, " ") : "";
}

export function ContactJourneys({ contactId }: { contactId: string }) {
  const journeys = useQuery({ queryKey: automationKeys.journeys(contactId), queryFn: () => contactJourneys(contactId) });
  return (
    <section aria-labelledby="journeys-title" className="card">
      <h2 id="journeys-title" className="card-title">
        Automations
      </h2>
      {journeys.isPending && (
        <p className="loading" role="status">
          Loading…
        </p>
      )}
      {journeys.isError && <p className="field-error">Could not load the contact&apos;s automations: {userMessage(journeys.error)}</p>}
      {journeys.data && journeys.data.journeys.length === 0 && <p className="muted">Not in any automation yet.</p>}
      {journeys.data && journeys.data.journeys.length > 0 && (
        <ul className="link-list">
          {journeys.data.journeys.map((j) => (
            <li key={j.enrollmentID}>
              <Link href={`/automations/${j.automationID}`}>{j.automationName}</Link>
              <span className="muted">
                {" "}
                · {j.triggeredBy} · {formatDateTime(j.triggeredAt)}
              </span>
              <p>
                {j.status === "active"
                  ? j.started
                    ? j.waitingUntil
                      ? `${j.blockLabel ? readableTags(j.blockLabel) : "Waiting"} until ${formatDateTime(j.waitingUntil)}`
                      : `At: ${j.blockLabel ? readableTags(j.blockLabel) : "the next step"}`
                    : `About to start${j.waitingUntil ? ` (after ${formatDateTime(j.waitingUntil)})` : ""}`
                  : `${END_REASONS[j.endReason ?? ""] ?? j.endReason ?? j.status}${j.endedAt ? ` · ${formatDateTime(j.endedAt)}` : ""}`}
              </p>
              {j.steps.length > 0 && (
                <ul>
                  {j.steps.map((s) => (
                    <li key={s.blockID}>
                      {STEP_WORDS[s.kind] ?? s.kind}
                      {s.subject !== null && s.subject !== undefined ? ` “${readableTags(s.subject)}”` : ""}:{" "}
                      {outcomeWords(s.kind, s.status, s.outcome)} <span className="muted">({formatDateTime(s.at)})</span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
