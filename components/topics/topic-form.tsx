"use client";
// Creates a topic, or edits one (name, description, kind).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorSummary } from "@/components/ui/error-summary";
import { Field } from "@/components/ui/field";
import { useFieldErrors, type FormField } from "@/components/ui/use-field-errors";
import type { TopicKind } from "@/lib/topics/schemas";
import { createTopic, topicsQueryKey, updateTopic, type Topic } from "./topics-client";

const KINDS: { value: TopicKind; label: string }[] = [
  { value: "marketing", label: "Marketing: people choose it on the preferences page" },
  { value: "required", label: "Required: everyone gets it, nobody can leave it" },
  { value: "transactional", label: "Transactional: receipts and notices, nobody can leave it" },
];

export function TopicForm({ topic, onDone }: { topic?: Topic; onDone?: () => void }) {
  const queryClient = useQueryClient();
  const prefix = topic ? `topic-${topic.id}` : "new-topic";
  const FIELDS: Record<string, FormField> = {
    name: { label: "Name", id: `${prefix}-name` },
    description: { label: "Description", id: `${prefix}-description` },
    kind: { label: "Kind", id: `${prefix}-kind` },
  };
  const [name, setName] = useState(topic?.name ?? "");
  const [description, setDescription] = useState(topic?.description ?? "");
  const [kind, setKind] = useState<TopicKind>(topic?.kind ?? "marketing");
  const save = useMutation({
    mutationFn: () => (topic ? updateTopic(topic.id, { name, description, kind }) : createTopic({ name, description, kind })),
    onSuccess: () => {
      if (!topic) {
        setName("");
        setDescription("");
        setKind("marketing");
      }
      queryClient.invalidateQueries({ queryKey: topicsQueryKey });
      onDone?.();
    },
  });
  const { errorOf, edited, summary } = useFieldErrors(save.error, FIELDS, { before: "the topic can be saved" });
  return (
    <form
      className={topic ? "stack" : "card stack"}
      aria-labelledby={`${prefix}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <h2 id={`${prefix}-title`} className={topic ? "visually-hidden" : "card-title"}>
        {topic ? `Edit ${topic.name}` : "Create a topic"}
      </h2>
      <ErrorSummary id={`${prefix}-errors`} summary={summary} focusOn={save.error} />
      <Field
        id={`${prefix}-name`}
        label="Name"
        name="name"
        value={name}
        maxLength={100}
        required
        hint="What subscribers see, e.g. “Weekly newsletter”."
        error={errorOf("name")}
        autoComplete="off"
        onChange={(e) => {
          setName(e.target.value);
          edited("name");
        }}
      />
      <Field
        id={`${prefix}-description`}
        label="Description"
        name="description"
        value={description}
        maxLength={500}
        hint="Optional: what these emails are about, shown under the name."
        error={errorOf("description")}
        autoComplete="off"
        onChange={(e) => {
          setDescription(e.target.value);
          edited("description");
        }}
      />
      <div className="field">
        <label className="label" htmlFor={`${prefix}-kind`}>
          Kind
        </label>
        <select id={`${prefix}-kind`} className="input" value={kind} onChange={(e) => setKind(e.target.value as TopicKind)}>
          {KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>
      </div>
      <div className="inline-form">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? "Saving…" : topic ? "Save topic" : "Create topic"}
        </button>
        {onDone && topic && (
          <button type="button" className="btn btn-secondary" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
