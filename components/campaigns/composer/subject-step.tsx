"use client";
// Step 3: the subject line and the preheader (the preview text after it), with personalization tags and
// a preview of the line an inbox shows.
import { useRef, useState } from "react";
import { fieldMessage, userMessage } from "@/components/ui/messages";
import { CONTACT_MERGE_TAGS } from "@/lib/templates/merge-tags";
import type { StepProps } from "./campaign-composer";
import { StepActions } from "./step-actions";
import { useSaveDraft } from "./use-save-draft";

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

export function InboxPreview({ sender, subject, preheader }: { sender: string; subject: string; preheader: string }) {
  return (
    <figure className="inbox-preview" aria-label="How the email shows in an inbox">
      <figcaption className="muted small">Inbox preview (personalization with example values)</figcaption>
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

function TagButtons({ onInsert, label }: { onInsert: (tag: string) => void; label: string }) {
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

export function SubjectStep({ campaign, onDone, onBack }: StepProps) {
  const email = campaign.content?.email;
  const [subject, setSubject] = useState(email?.subject ?? "");
  const [preheader, setPreheader] = useState(email?.preheader ?? "");
  const subjectRef = useRef<HTMLInputElement>(null);
  const preheaderRef = useRef<HTMLInputElement>(null);
  const save = useSaveDraft(campaign, onDone);
  const [missing, setMissing] = useState(false);
  const errorOf = (field: string) => {
    const e = save.error?.errors.find((x) => x.field === field);
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

  const subjectError = missing ? "Write a subject line: it is the first thing people read." : errorOf("content.email.subject");
  return (
    <form
      className="stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!subject.trim()) return setMissing(true);
        save.mutate({ content: { email: { subject: subject.trim(), preheader: preheader.trim() } } });
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
          Up to 250 characters; about 50 show on a phone.
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
      {save.isError && !errorOf("content.email.subject") && (
        <p className="alert alert-error" role="alert">
          {userMessage(save.error)}
        </p>
      )}
      <StepActions onBack={onBack} busy={save.isPending} />
    </form>
  );
}
