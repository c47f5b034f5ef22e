"use client";
// Names and creates a new API key; the secret is handed to onCreated to be shown once.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Field } from "@/components/ui/field";
import { ApiError } from "@/lib/client/api-fetch";
import { apiKeysQueryKey, createApiKey, type CreatedApiKey } from "./api-keys-client";

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
  const error = create.error instanceof ApiError ? create.error : null;
  const nameError = error?.fieldError("name");

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
      {create.error && !nameError && (
        <div className="alert alert-error" role="alert">
          {create.error.message}
        </div>
      )}
      <div className="inline-form">
        <Field
          label="Key name"
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={100}
          required
          hint="Say where it will be used, e.g. “Checkout service (production)”."
          error={nameError}
          autoComplete="off"
        />
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create key"}
        </button>
      </div>
    </form>
  );
}
