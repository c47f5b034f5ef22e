"use client";
// Step 1: the campaign's name (for the team; recipients never see it).
import { useState } from "react";
import { Field } from "@/components/ui/field";
import { fieldMessage, userMessage } from "@/components/ui/messages";
import type { Campaign } from "../campaigns-client";
import { StepActions } from "./step-actions";
import { useSaveDraft } from "./use-save-draft";

export function NameStep({
  campaign,
  name,
  onName,
  onDone,
}: {
  campaign: Campaign | null;
  name: string;
  onName: (name: string) => void;
  onDone: () => void;
}) {
  return campaign ? <SavedName campaign={campaign} onDone={onDone} /> : <NewName name={name} onName={onName} onDone={onDone} />;
}

function NewName({ name, onName, onDone }: { name: string; onName: (name: string) => void; onDone: () => void }) {
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      className="stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!name.trim()) return setError("Name the campaign, for example “Spring sale”.");
        onDone();
      }}
    >
      <NameField value={name} onChange={(v) => (onName(v), setError(undefined))} error={error} />
      <StepActions busy={false} next="Continue" />
    </form>
  );
}

function SavedName({ campaign, onDone }: { campaign: Campaign; onDone: () => void }) {
  const [name, setName] = useState(campaign.name);
  const save = useSaveDraft(campaign, onDone);
  const error = save.error?.errors.find((e) => e.field === "name");
  return (
    <form
      className="stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ name: name.trim() });
      }}
    >
      <NameField value={name} onChange={setName} error={error ? fieldMessage(error, { noun: "campaign name" }) : undefined} />
      {save.isError && !error && (
        <p className="alert alert-error" role="alert">
          {userMessage(save.error)}
        </p>
      )}
      <StepActions busy={save.isPending} />
    </form>
  );
}

function NameField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <Field
      label="Campaign name"
      name="name"
      value={value}
      maxLength={250}
      required
      autoComplete="off"
      hint="For you and your team; recipients do not see it."
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
