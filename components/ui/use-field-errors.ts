"use client";
// A small form's failed answer in the catalog's words: each field's errors under the field (gone as soon as
// the field is edited), and a summary listing every one that is left, with what names no field of the form.
import { useState } from "react";
import { ApiError, type ApiFieldError } from "@/lib/client/api-fetch";
import type { Summary } from "./error-summary";
import { fieldMessage, labelled, summaryTitle, userMessage, type FieldContext } from "./messages";

/** A field of the form: the API's name for it, its label and the id of its input. */
export type FormField = FieldContext & { label: string; id: string };

type Options = {
  /** "the brand can be saved": ends the summary's heading ("One thing needs fixing before …"). */
  before: string;
  /** The failure as this form words a status ({ 404: "…" }), when no field is named. */
  byStatus?: Partial<Record<number, string>>;
};

export function useFieldErrors(error: unknown, fields: Record<string, FormField>, { before, byStatus }: Options) {
  // The answer each field was last edited in: that answer's errors for it are dealt with.
  const [editedIn, setEditedIn] = useState<Record<string, unknown>>({});
  const api = error instanceof ApiError ? error : null;
  const names = Object.keys(fields);
  const about = (name: string) => (e: ApiFieldError) => e.field === name || e.field.startsWith(`${name}.`);
  const errorOf = (name: string): string | undefined => {
    if (!api || editedIn[name] === error) return undefined;
    return (
      api.errors
        .filter(about(name))
        .map((e) => fieldMessage(e, { noun: fields[name].label.toLowerCase(), ...fields[name] }))
        .join(" ") || undefined
    );
  };
  const edited = (name: string) => setEditedIn((current) => (current[name] === error ? current : { ...current, [name]: error }));

  let summary: Summary | null = null;
  if (api && api.errors.length > 0) {
    const items = names.flatMap((name) => {
      const message = errorOf(name);
      return message ? [{ key: name, text: labelled(fields[name].label, message), target: fields[name].id }] : [];
    });
    api.errors
      .filter((e) => !names.some((name) => about(name)(e)))
      .forEach((e, i) => items.push({ key: `other-${i}`, text: fieldMessage(e), target: "" }));
    if (items.length) summary = { title: summaryTitle(items.length, before), items };
  } else if (error) {
    summary = { title: userMessage(error, byStatus), items: [] };
  }
  return { errorOf, edited, summary };
}
