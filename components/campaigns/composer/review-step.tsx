"use client";
// Step 7: everything at a glance (each with a way back to its step) beside the email as a recipient will
// see it, the editor's pre-send checks on the email, a test send, and the send itself, confirmed in a
// dialog that names how many contacts get it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { parseWarnings, warningLabel } from "@/components/editor/checks/render-warnings";
import { splitAddresses } from "@/components/editor/send/send-test-dialog";
import { getTemplate, renderTemplate } from "@/components/templates/templates-api";
import { useTopicState } from "@/components/topics/topic-picker";
import { Dialog } from "@/components/ui/dialog";
import { formatCount, formatDate, formatDateTime } from "@/components/ui/format";
import { userMessage } from "@/components/ui/messages";
import type { ApiError } from "@/lib/client/api-fetch";
import { campaignAction, campaignKeys, estimateAudience, sendTestEmail, type Campaign } from "../campaigns-client";
import type { StepId } from "./campaign-composer";
import { AudienceSummary } from "./audience-step";
import { useBrand } from "./schedule-step";
import { InboxPreview } from "./subject-step";
import { emailOf } from "./campaign-email";
import { EmailPreview } from "./email-preview";
import { UtmSettings } from "./utm-settings";

/** The test in a line: who is in it, and how and when the winner is chosen. */
export function abTestText(settings: NonNullable<Campaign["abTest"]>["settings"]): string {
  if (settings.testSizePercent >= 100) return "A/B test: every contact gets A or B, half each; no winner is chosen.";
  const time = settings.decisionTime;
  const after = time
    ? `${time.amount} ${time.unit === "h" ? (time.amount === 1 ? "hour" : "hours") : time.amount === 1 ? "day" : "days"}`
    : "";
  const metric = settings.winningMetric === "clickRate" ? "click rate" : "open rate";
  return `A/B test: ${settings.testSizePercent}% of the audience (half A, half B); after ${after}, the better ${metric} goes to the rest.`;
}

function whenText(campaign: Campaign, zone: string): string {
  const s = campaign.sendingSettings;
  const own = s.isTZOptimizationEnabled ? " in each contact's time zone" : "";
  if (s.strategy === "immediate") return `As soon as you send it${own}`;
  if (s.strategy === "scheduled") return `${formatDateTime(s.scheduledAt)}${own ? own : ` (${zone.replace(/_/g, " ")})`}`;
  return `On ${formatDate(s.scheduledAt)}, at each contact's best time for ${s.optimizeFor ?? "opens"}`;
}

function Row({
  label,
  children,
  step,
  onEdit,
}: {
  label: string;
  children: React.ReactNode;
  step: StepId;
  onEdit: (step: StepId) => void;
}) {
  return (
    <div className="review-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
      <dd className="review-edit">
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => onEdit(step)}
          aria-label={`Change the ${label.toLowerCase()}`}
        >
          Change
        </button>
      </dd>
    </div>
  );
}

export function ReviewStep({ campaign, onBack, onEdit }: { campaign: Campaign; onBack: () => void; onEdit: (step: StepId) => void }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const email = emailOf(campaign);
  const templateId = email?.templateID;
  const brand = useBrand();
  const template = useQuery({
    queryKey: ["templates", "detail", templateId],
    queryFn: () => getTemplate(templateId!),
    enabled: !!templateId,
  });
  // Beside the template's own request, not after it (one render, checked again each time the step opens).
  const checks = useQuery({
    queryKey: ["campaigns", "checks", templateId],
    queryFn: () => renderTemplate(templateId!, {}).then((r) => parseWarnings(r.warnings)),
    enabled: !!templateId,
    staleTime: 0,
  });
  const { includedSegmentIDs: included, excludedSegmentIDs: excluded } = campaign.audience;
  const topicID = campaign.audience.topicID ?? null;
  const topic = useTopicState(topicID);
  const estimate = useQuery({
    queryKey: campaignKeys.estimate(included, excluded, topicID),
    queryFn: () => estimateAudience(included, excluded, topicID),
  });
  const [confirming, setConfirming] = useState(false);
  const [to, setTo] = useState("");
  const test = useMutation<void, ApiError, string[]>({ mutationFn: (recipients) => sendTestEmail(campaign.id, recipients) });
  const send = useMutation<void, ApiError>({
    mutationFn: () => campaignAction(campaign.id, "send"),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      router.push(`/campaigns/${campaign.id}`);
    },
    onError: () => setConfirming(false),
  });
  const zone = brand.data?.timeZone ?? "UTC";
  const now = campaign.sendingSettings.strategy === "immediate";
  const recipients = estimate.data?.recipients;
  const recipientsText = recipients === undefined ? "your audience" : formatCount(recipients, "contact", "contacts");
  const blocking = !email?.subject?.trim() || !email?.senderEmail;

  return (
    <div className="stack">
      <div className="review-layout">
        <dl className="review-list">
          <Row label="Name" step="name" onEdit={onEdit}>
            {campaign.name}
          </Row>
          <Row label="Template" step="template" onEdit={onEdit}>
            {template.data ? <Link href={`/templates/${templateId}`}>{template.data.name}</Link> : templateId ? "…" : "None yet"}
          </Row>
          <Row label="Subject" step="subject" onEdit={onEdit}>
            <InboxPreview
              sender={email?.senderName || email?.senderEmail || "Your brand"}
              subject={email?.subject ?? ""}
              preheader={email?.preheader ?? ""}
            />
            {campaign.abTest && (
              <>
                <InboxPreview
                  sender={email?.senderName || email?.senderEmail || "Your brand"}
                  subject={campaign.abTest.variants.b.content.email.subject ?? ""}
                  preheader={campaign.abTest.variants.b.content.email.preheader ?? ""}
                  caption="Variant B in the inbox (personalization with example values)"
                />
                <p className="small">{abTestText(campaign.abTest.settings)}</p>
              </>
            )}
          </Row>
          <Row label="Sender" step="sender" onEdit={onEdit}>
            {email?.senderName ? `${email.senderName} <${email.senderEmail ?? ""}>` : (email?.senderEmail ?? "None yet")}
            {email?.replyToEmail && <span className="muted small"> · replies to {email.replyToEmail}</span>}
          </Row>
          <Row label="Audience" step="audience" onEdit={onEdit}>
            {estimate.isPending ? (
              "Counting…"
            ) : estimate.isError ? (
              userMessage(estimate.error)
            ) : (
              <AudienceSummary estimate={estimate.data} included={included.length} topic={topic.topic} topicDeleted={topic.deleted} />
            )}
          </Row>
          <Row label="Schedule" step="schedule" onEdit={onEdit}>
            {whenText(campaign, zone)}
          </Row>
        </dl>
        {templateId ? <EmailPreview templateId={templateId} title="Email preview" /> : null}
      </div>

      <section className="stack" aria-labelledby="review-checks-title">
        <h3 id="review-checks-title" className="subsection-title">
          Pre-send checks
        </h3>
        {checks.isPending ? (
          <p className="loading" role="status">
            Checking the email…
          </p>
        ) : checks.isError ? (
          <p className="alert alert-error" role="alert">
            Could not check the email: {userMessage(checks.error)}
          </p>
        ) : checks.data.length === 0 ? (
          <p className="alert alert-success" role="status">
            No problems found in the email.
          </p>
        ) : (
          <>
            <p className="alert alert-warning" role="status">
              {formatCount(checks.data.length, "thing", "things")} to look at before sending.{" "}
              {templateId && <Link href={`/templates/${templateId}`}>Open the template</Link>}
            </p>
            <ul className="review-checks">
              {checks.data.map((w, i) => (
                <li key={`${i}-${w.code}`}>
                  <strong>{warningLabel(w.code)}:</strong> {w.message}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <UtmSettings campaign={campaign} />

      <section className="stack" aria-labelledby="review-test-title">
        <h3 id="review-test-title" className="subsection-title">
          Send a test
        </h3>
        <form
          className="inline-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            test.mutate(splitAddresses(to));
          }}
        >
          <div className="field">
            <label className="label" htmlFor="review-test-to">
              Email addresses (up to 5)
            </label>
            <input id="review-test-to" className="input" type="text" inputMode="email" value={to} onChange={(e) => setTo(e.target.value)} />
          </div>
          <button type="submit" className="btn btn-secondary" disabled={test.isPending}>
            {test.isPending ? "Sending…" : "Send test"}
          </button>
        </form>
        {test.isSuccess && (
          <p className="alert alert-success" role="status">
            Test sent. No mail server? It is in the <Link href="/outbox?show=tests">Outbox</Link>, under Tests.
          </p>
        )}
        {test.isError && (
          <p className="alert alert-error" role="alert">
            {userMessage(test.error)}
          </p>
        )}
      </section>

      {send.isError && (
        <div className="alert alert-error" role="alert">
          <p>The campaign was not sent: {send.error.detail}</p>
        </div>
      )}
      {blocking && (
        <p className="alert alert-warning" role="status">
          The email needs a subject and a sender before it can be sent.
        </p>
      )}
      <div className="cluster composer-actions">
        <button type="button" className="btn btn-secondary" onClick={onBack}>
          Back
        </button>
        <button type="button" className="btn btn-primary" disabled={blocking} onClick={() => setConfirming(true)}>
          {now ? "Send campaign" : "Schedule campaign"}
        </button>
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={now ? "Send the campaign now?" : "Schedule the campaign?"}
        role="alertdialog"
      >
        <p>
          “{campaign.name}” goes to <strong>{recipientsText}</strong>
          {now ? " now" : `, on this schedule: ${whenText(campaign, zone)}`}. Once sent, it cannot be changed.
        </p>
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)}>
            Not yet
          </button>
          <button type="button" className="btn btn-primary" disabled={send.isPending} onClick={() => send.mutate()}>
            {send.isPending ? "Sending…" : now ? `Send to ${recipientsText}` : `Schedule for ${recipientsText}`}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
