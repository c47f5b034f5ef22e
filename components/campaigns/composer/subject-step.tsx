"use client";
// Step 3: the subject line and the preheader (the preview text after it), with personalization tags and
// a preview of the line an inbox shows; optionally an A/B test of a second subject line (its share of the
// audience, the winning metric and when the winner is chosen), saved as the published abTest shape.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { fieldMessage, userMessage } from "@/components/ui/messages";
import { CONTACT_MERGE_TAGS } from "@/lib/templates/merge-tags";
import type { ApiError } from "@/lib/client/api-fetch";
import { campaignKeys, updateCampaign, type Campaign } from "../campaigns-client";
import { AbTestFields, abProblem, type AbForm } from "./ab-test-fields";
import { abSettingsBody, toAbTest, toRegular } from "./ab-switch";
import type { StepProps } from "./campaign-composer";
import { emailOf } from "./campaign-email";
import { StepActions, useStepTarget } from "./step-actions";

const TAGS = CONTACT_MERGE_TAGS.filter((t) =>
  ["contact.first_name", "contact.last_name", "contact.city", "contact.country"].includes(t.path),
);

/** The text with each personalization tag shown as its example (or its default). */
export function previewText(text: string): string {
  return text.replace(/\[\[\s*([^\]|]+?)\s*(?:\|\s*([^\]]*?)\s*)?\]\]/g, (_, path: string, fallback?: string) => {
    const tag = CONTACT_MERGE_TAGS.find((t) => t.path === path);
    return tag?.example ?? fallback ?? "";
  });
}

export function InboxPreview({
  sender,
  subject,
  preheader,
  caption,
}: {
  sender: string;
  subject: string;
  preheader: string;
  /** Another figure than the main one (variant B): its own name, so the main one stays unique. */
  caption?: string;
}) {
  return (
    <figure className="inbox-preview" aria-label={caption ? caption.replace(/ \(.*\)$/, "") : "How the email shows in an inbox"}>
      <figcaption className="muted small">{caption ?? "Inbox preview (personalization with example values)"}</figcaption>
      <div className="inbox-row">
        <span className="inbox-sender">{sender}</span>
        <span className="inbox-lines">
          <span className="inbox-subject">{previewText(subject) || "(no subject)"}</span>
          {preheader && <span className="inbox-preheader"> — {previewText(preheader)}</span>}
        </span>
      </div>
    </figure>
  );
}

export function TagButtons({ onInsert, label }: { onInsert: (tag: string) => void; label: string }) {
  return (
    <div className="cluster tag-buttons" role="group" aria-label={`Insert a personalization tag into the ${label}`}>
      {TAGS.map((t) => (
        <button
          key={t.path}
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => onInsert(t.path === "contact.first_name" ? "[[contact.first_name | there]]" : `[[${t.path}]]`)}
        >
          + {t.label}
        </button>
      ))}
    </div>
  );
}

type Saved = { campaign: Campaign; moved: boolean };

export function SubjectStep({ campaign, onDone, onBack, onSkip, onMoved }: StepProps) {
  const queryClient = useQueryClient();
  const email = emailOf(campaign);
  const ab = campaign.type === "abTest" ? campaign.abTest : undefined;
  const [subject, setSubject] = useState(email?.subject ?? "");
  const [preheader, setPreheader] = useState(email?.preheader ?? "");
  const [test, setTest] = useState<AbForm>(() => ({
    on: !!ab,
    subject: ab?.variants.b.content.email.subject ?? "",
    preheader: ab?.variants.b.content.email.preheader ?? "",
    testSizePercent: String(ab?.settings.testSizePercent ?? 20),
    winningMetric: ab?.settings.winningMetric ?? "openRate",
    amount: String(ab?.settings.decisionTime?.amount ?? 4),
    unit: ab?.settings.decisionTime?.unit ?? "h",
  }));
  const subjectRef = useRef<HTMLInputElement>(null);
  const preheaderRef = useRef<HTMLInputElement>(null);
  const target = useStepTarget();
  const [missing, setMissing] = useState(false);
  const [abShown, setAbShown] = useState(false);

  const save = useMutation<Saved, ApiError>({
    mutationFn: async () => {
      const a = { subject: subject.trim(), preheader: preheader.trim() };
      const b = { subject: test.subject.trim(), preheader: test.preheader.trim() };
      const settings = {
        testSizePercent: +test.testSizePercent,
        winningMetric: test.winningMetric,
        decisionTime: { amount: +test.amount, unit: test.unit },
      };
      if (test.on && !ab) return { campaign: await toAbTest(campaign, a, b, settings), moved: true };
      if (!test.on && ab) return { campaign: await toRegular(campaign, a), moved: true };
      const patch = ab
        ? { abTest: { settings: abSettingsBody(settings), variants: { a: { content: { email: a } }, b: { content: { email: b } } } } }
        : { content: { email: a } };
      return { campaign: await updateCampaign(campaign.id, patch), moved: false };
    },
    onSuccess: ({ campaign: saved, moved }) => {
      queryClient.setQueryData(campaignKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all, refetchType: "none" });
      if (moved) onMoved(saved.id, target.current);
      else if (target.current === "review") onSkip();
      else onDone();
    },
  });
  const errorOf = (...fields: string[]) => {
    const e = save.error?.errors.find((x) => fields.includes(x.field));
    return e ? fieldMessage(e) : undefined;
  };

  const insert = (ref: React.RefObject<HTMLInputElement | null>, value: string, set: (v: string) => void, tag: string) => {
    const input = ref.current;
    const at = input?.selectionStart ?? value.length;
    const next = value.slice(0, at) + tag + value.slice(input?.selectionEnd ?? at);
    set(next.slice(0, 250));
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(at + tag.length, at + tag.length);
    });
  };

  const subjectError = missing
    ? "Write a subject line: it is the first thing people read."
    : errorOf("content.email.subject", "abTest.variants.a.content.email.subject");
  const abError = abShown ? abProblem(test) : undefined;
  const fieldErrors = !!subjectError || save.error?.errors.some((x) => x.field.startsWith("abTest"));
  return (
    <form
      className="stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!subject.trim()) return setMissing(true);
        if (test.on && abProblem(test)) return setAbShown(true);
        save.mutate();
      }}
    >
      <div className="field">
        <label className="label" htmlFor="campaign-subject">
          Subject line
        </label>
        <input
          ref={subjectRef}
          id="campaign-subject"
          className="input"
          value={subject}
          maxLength={250}
          aria-invalid={subjectError ? true : undefined}
          aria-describedby={`campaign-subject-hint${subjectError ? " campaign-subject-error" : ""}`}
          onChange={(e) => {
            setSubject(e.target.value);
            setMissing(false);
          }}
        />
        <p id="campaign-subject-hint" className="hint">
          Up to 250 characters; about 50 show on a phone.{test.on ? " Variant A of the test." : ""}
        </p>
        {subjectError && (
          <p id="campaign-subject-error" className="field-error">
            {subjectError}
          </p>
        )}
        <TagButtons label="subject line" onInsert={(tag) => insert(subjectRef, subject, setSubject, tag)} />
      </div>
      <div className="field">
        <label className="label" htmlFor="campaign-preheader">
          Preheader <span className="muted">(optional)</span>
        </label>
        <input
          ref={preheaderRef}
          id="campaign-preheader"
          className="input"
          value={preheader}
          maxLength={250}
          aria-describedby="campaign-preheader-hint"
          onChange={(e) => setPreheader(e.target.value)}
        />
        <p id="campaign-preheader-hint" className="hint">
          The preview text inboxes show after the subject.
        </p>
        <TagButtons label="preheader" onInsert={(tag) => insert(preheaderRef, preheader, setPreheader, tag)} />
      </div>
      <InboxPreview sender={email?.senderName || email?.senderEmail || "Your brand"} subject={subject} preheader={preheader} />
      <AbTestFields value={test} onChange={(next) => setTest(next)} problem={abError} serverError={errorOf} />
      {test.on && (
        <InboxPreview
          sender={email?.senderName || email?.senderEmail || "Your brand"}
          subject={test.subject}
          preheader={test.preheader}
          caption="Variant B in the inbox (personalization with example values)"
        />
      )}
      {save.isError && !fieldErrors && (
        <p className="alert alert-error" role="alert">
          {userMessage(save.error)}
        </p>
      )}
      <StepActions onBack={onBack} busy={save.isPending} targetRef={target} />
    </form>
  );
}
