"use client";
// Names and creates a new API key; the secret is handed to onCreated to be shown once.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorSummary } from "@/components/ui/error-summary";
import { Field } from "@/components/ui/field";
import { useFieldErrors, type FormField } from "@/components/ui/use-field-errors";
import { apiKeysQueryKey, createApiKey, type CreatedApiKey } from "./api-keys-client";

const FIELDS: Record<string, FormField> = { name: { label: "Key name", id: "field-name" } };

export function CreateApiKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const create = useMutation({
    mutationFn: createApiKey,
    onSuccess: (created) => {
      setName("");
      queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
      onCreated(created);
    },
  });
  const { errorOf, edited, summary } = useFieldErrors(create.error, FIELDS, { before: "the key can be created" });

  return (
    <form
      className="card stack"
      aria-labelledby="create-key-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(name);
      }}
    >
      <h2 id="create-key-title" className="card-title">
        Create an API key
      </h2>
      <ErrorSummary id="create-key-errors" summary={summary} focusOn={create.error} />
      <div className="inline-form">
        <Field
          label="Key name"
          name="name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            edited("name");
          }}
          maxLength={100}
          required
          hint="Say where it will be used, e.g. “Checkout service (production)”."
          error={errorOf("name")}
          autoComplete="off"
        />
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create key"}
        </button>
      </div>
    </form>
  );
}
