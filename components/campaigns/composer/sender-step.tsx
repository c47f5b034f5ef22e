"use client";
// Step 4: who the email is from: a name, and one of the brand's verified sender addresses; replies go
// to the sender unless a reply-to address is given.
import { useState } from "react";
import { Field } from "@/components/ui/field";
import { fieldMessage, userMessage } from "@/components/ui/messages";
import type { StepProps } from "./campaign-composer";
import { InboxPreview } from "./subject-step";
import { StepActions, useStepTarget } from "./step-actions";
import { emailOf, sharedEmailPatch } from "./campaign-email";
import { useSaveDraft } from "./use-save-draft";
import { SenderAddressInput } from "./sender-address-input";

export function SenderStep({ campaign, onDone, onBack, onSkip }: StepProps) {
  const email = emailOf(campaign);
  const [senderName, setSenderName] = useState(email?.senderName ?? "");
  const [senderEmail, setSenderEmail] = useState(email?.senderEmail ?? "");
  const [replyTo, setReplyTo] = useState(email?.replyToEmail ?? "");
  const target = useStepTarget();
  const save = useSaveDraft(campaign, () => (target.current === "review" ? onSkip() : onDone()));
  const errorOf = (field: string) => {
    // An A/B test's senders are its variants' (the same for both): their errors show on the one field.
    const e = save.error?.errors.find((x) => x.field === field || x.field.replace(/^abTest\.variants\.[ab]\./, "") === field);
    return e ? fieldMessage(e, { input: "email" }) : undefined;
  };
  const fieldErrors = ["content.email.senderName", "content.email.senderEmail", "content.email.replyToEmail"];
  return (
    <form
      className="stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          sharedEmailPatch(campaign, {
            ...(senderName.trim() ? { senderName: senderName.trim() } : {}),
            // Sent only when changed: the brand's default sender may be an address no form would accept (no-reply@ an IP host).
            ...(senderEmail.trim() && senderEmail.trim() !== email?.senderEmail ? { senderEmail: senderEmail.trim() } : {}),
            replyToEmail: replyTo.trim(),
          }),
        );
      }}
    >
      <Field
        label="Sender name"
        name="senderName"
        value={senderName}
        maxLength={250}
        autoComplete="organization"
        hint="Shown as who the email is from, e.g. your shop's name."
        error={errorOf("content.email.senderName")}
        onChange={(e) => setSenderName(e.target.value)}
      />
      <SenderAddressInput value={senderEmail} onChange={setSenderEmail} error={errorOf("content.email.senderEmail")} />
      <Field
        label="Reply-to address (optional)"
        name="replyToEmail"
        type="email"
        value={replyTo}
        maxLength={254}
        hint="Leave empty and replies go to the sender address. A reply-to address must be verified too."
        error={errorOf("content.email.replyToEmail")}
        onChange={(e) => setReplyTo(e.target.value)}
      />
      <InboxPreview sender={senderName || senderEmail || "Your brand"} subject={email?.subject ?? ""} preheader={email?.preheader ?? ""} />
      {save.isError && !fieldErrors.some((f) => errorOf(f)) && (
        <p className="alert alert-error" role="alert">
          {save.error.code === "sender-unverified"
            ? "This address is not a verified sender of your brand. Verify it under Settings → Sending, or pick a verified one."
            : userMessage(save.error)}
        </p>
      )}
      <StepActions onBack={onBack} busy={save.isPending} targetRef={target} />
    </form>
  );
}
