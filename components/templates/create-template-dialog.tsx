"use client";
// New template: a name and a starting point, from a gallery of designed starters with their thumbnails.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { ApiError } from "@/lib/client/api-fetch";
import { Dialog } from "@/components/ui/dialog";
import { ErrorSummary } from "@/components/ui/error-summary";
import { Field } from "@/components/ui/field";
import { useFieldErrors, type FormField } from "@/components/ui/use-field-errors";
import { STARTERS, starterThumbnail } from "./starters";
import { createTemplate, type TemplateRecord } from "./templates-api";

const FIELDS: Record<string, FormField> = { name: { label: "Name", id: "new-template-name" } };

export function CreateTemplateDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (t: TemplateRecord) => void;
}) {
  const [name, setName] = useState("");
  const [starter, setStarter] = useState("blank");
  const create = useMutation<TemplateRecord, ApiError>({
    mutationFn: () => createTemplate(STARTERS.find((s) => s.id === starter)!.build(name.trim(), window.location.origin)),
    onSuccess: onCreated,
  });
  const { errorOf, edited, summary } = useFieldErrors(create.error, FIELDS, { before: "the template can be created" });
  return (
    <Dialog open={open} onClose={onClose} title="New template" className="tpl-dialog-wide">
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <ErrorSummary id="new-template-errors" summary={summary} focusOn={create.error} />
        <Field
          id="new-template-name"
          name="name"
          label="Name"
          required
          maxLength={255}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            edited("name");
          }}
          error={errorOf("name")}
        />
        <fieldset className="tpl-starters">
          <legend className="label">Start from</legend>
          <div className="tpl-gallery">
            {STARTERS.map((s) => (
              <label key={s.id} className="tpl-starter" data-checked={starter === s.id || undefined}>
                <input
                  type="radio"
                  className="visually-hidden"
                  name="starter"
                  value={s.id}
                  checked={starter === s.id}
                  onChange={() => setStarter(s.id)}
                />
                {/* eslint-disable-next-line @next/next/no-img-element -- a static picture of the starter's render */}
                <img className="tpl-thumb" src={starterThumbnail(s.id)} alt="" loading="lazy" width={180} height={228} />
                <span className="tpl-starter-text">
                  <strong>{s.name}</strong>
                  <span className="muted">{s.description}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={create.isPending || !name.trim()}>
            {create.isPending ? "Creating…" : "Create and edit"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
