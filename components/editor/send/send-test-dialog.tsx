"use client";
// "Send test": up to 5 addresses, rendered as a contact you pick (or sample data). Goes out through the
// mail server when Inkwell has one, else lands in the outbox (its Tests).
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { fieldMessage, labelled, userMessage, type FieldContext } from "@/components/ui/messages";
import type { ApiError } from "@/lib/client/api-fetch";
import { listContactEmails, sendTest } from "./test-send-api";

const MAX = 5;

/** Addresses as typed: split at commas, semicolons, spaces or new lines. */
export function splitAddresses(value: string): string[] {
  return value
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);
}

export function SendTestDialog({
  open,
  onClose,
  templateId,
  beforeSend,
}: {
  open: boolean;
  onClose: () => void;
  templateId: string;
  beforeSend: () => Promise<void>;
}) {
  const ids = { to: useId(), as: useId(), subject: useId(), contacts: useId() };
  const [to, setTo] = useState("");
  const [as, setAs] = useState("");
  const [subject, setSubject] = useState("");
  const contacts = useQuery({ queryKey: ["test-send-contacts"], queryFn: listContactEmails, enabled: open, staleTime: 60_000 });
  // Fields edited since the last answer: their errors are dealt with and go away.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const edit = (field: string) => setEdited((current) => (current.has(field) ? current : new Set(current).add(field)));
  const send = useMutation({
    onMutate: () => setEdited(new Set()),
    mutationFn: async () => {
      await beforeSend();
      return sendTest(templateId, {
        to: splitAddresses(to),
        ...(as.trim() ? { email: as.trim() } : {}),
        ...(subject.trim() ? { subject: subject.trim() } : {}),
      });
    },
  });
  const addresses = splitAddresses(to);
  const tooMany = addresses.length > MAX;
  const error = send.error as ApiError | null;
  const FIELDS: Record<string, FieldContext> = {
    to: { noun: "email address", input: "email" },
    email: { noun: "contact's email address", input: "email" },
    subject: { noun: "subject" },
  };
  const fieldError = (field: string) =>
    edited.has(field)
      ? undefined
      : error?.errors
          ?.filter((e) => e.field === field || e.field.startsWith(`${field}.`))
          .map((e) => {
            // "/to/1": the second address typed, named as such ("fred@": address 2).
            const n = /^\/to\/(\d+)/.exec(e.pointer)?.[1];
            const address = n === undefined ? undefined : addresses[Number(n)];
            return address ? labelled(`“${address}”`, fieldMessage(e, FIELDS[field])) : fieldMessage(e, FIELDS[field]);
          })
          .join(" ") || undefined;
  // Errors of fields the dialog does not show, and failures without field errors, go under the form.
  const formError =
    error && (error.errors?.some((e) => !(e.field.split(".")[0] in FIELDS)) || !error.errors?.length)
      ? userMessage(error, { 404: "No contact has this email address. Choose one from the list, or leave it empty to show sample data." })
      : null;
  const close = () => {
    send.reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} title="Send a test email">
      {send.isSuccess ? (
        <div className="stack" data-testid="test-send-result">
          <p className="alert alert-success" role="status">
            {send.data.transport === "outbox" ? (
              <>
                Kept in the outbox: Inkwell has no mail server set up, so test emails wait in the{" "}
                <Link href="/outbox?show=tests">Outbox</Link>.
              </>
            ) : (
              <>Sent to {send.data.to.join(", ")} through your mail server.</>
            )}{" "}
            {send.data.contact ? `It shows ${send.data.contact.email ?? "the contact"}’s details.` : "It shows sample data."}
          </p>
          {send.data.warnings.length > 0 && (
            <p className="muted">
              The email has {send.data.warnings.length} unresolved check{send.data.warnings.length === 1 ? "" : "s"}: use “Check email” to
              see them.
            </p>
          )}
          <div className="dialog-actions">
            <Link href="/outbox?show=tests" className="btn btn-secondary">
              Open the outbox
            </Link>
            <button type="button" className="btn btn-primary" onClick={close}>
              Done
            </button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!tooMany && addresses.length > 0) send.mutate();
          }}
        >
          <div className="field">
            <label className="label" htmlFor={ids.to}>
              Send to
            </label>
            <textarea
              id={ids.to}
              className="input"
              rows={2}
              value={to}
              onChange={(e) => {
                setTo(e.target.value);
                edit("to");
              }}
              aria-describedby={`${ids.to}-hint`}
              aria-invalid={tooMany || !!fieldError("to") || undefined}
              placeholder="you@example.com, colleague@example.com"
            />
            <p id={`${ids.to}-hint`} className={tooMany || fieldError("to") ? "field-error" : "hint"}>
              {tooMany
                ? `At most ${MAX} addresses (you gave ${addresses.length}).`
                : (fieldError("to") ?? `Up to ${MAX} addresses, separated by commas.`)}
            </p>
          </div>
          <div className="field">
            <label className="label" htmlFor={ids.as}>
              Show the details of
            </label>
            <input
              id={ids.as}
              className="input"
              list={ids.contacts}
              value={as}
              onChange={(e) => {
                setAs(e.target.value);
                edit("email");
              }}
              placeholder="A contact’s email (empty: sample data)"
              aria-describedby={`${ids.as}-hint${fieldError("email") ? ` ${ids.as}-error` : ""}`}
              aria-invalid={fieldError("email") ? true : undefined}
              autoComplete="off"
            />
            <datalist id={ids.contacts}>
              {(contacts.data?.contacts ?? [])
                .filter((c) => c.email)
                .map((c) => (
                  <option key={c.id} value={c.email!}>
                    {[c.firstName, c.lastName].filter(Boolean).join(" ")}
                  </option>
                ))}
            </datalist>
            <p id={`${ids.as}-hint`} className="hint">
              Names, products and links are filled in as this contact would see them. Its unsubscribe link only shows the page: it changes
              nothing.
            </p>
            {fieldError("email") && (
              <p id={`${ids.as}-error`} className="field-error">
                {fieldError("email")}
              </p>
            )}
          </div>
          <Field
            id={ids.subject}
            name="subject"
            label="Subject"
            value={subject}
            maxLength={200}
            onChange={(e) => {
              setSubject(e.target.value);
              edit("subject");
            }}
            placeholder="The template’s name"
            error={fieldError("subject")}
          />
          {formError && (
            <p className="field-error" role="alert">
              {error?.status === 429 ? "You have sent the most test emails allowed for now. Wait a while and try again." : formError}
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={send.isPending || addresses.length === 0 || tooMany}>
              {send.isPending ? "Sending…" : "Send test"}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
