"use client";
// Link tracking: the UTM tags every link of the email gets (GET/PUT /api/campaigns/{id}/utm, as published:
// `tags` for a campaign, `variants` a and b for an A/B test). A value left at its default (source inkwell,
// medium email, campaign: the campaign's name) is saved as empty, so it keeps following the default.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { fieldMessage, userMessage } from "@/components/ui/messages";
import type { ApiError } from "@/lib/client/api-fetch";
import type { Campaign } from "../campaigns-client";
import { getUtm, putUtm, type UtmAnswer } from "./ab-switch";

type Tags = { source: string; medium: string; campaign: string };
const utmKey = (id: string) => ["campaigns", "utm", id] as const;

export function UtmSettings({ campaign }: { campaign: Campaign }) {
  const utm = useQuery({ queryKey: utmKey(campaign.id), queryFn: () => getUtm(campaign.id) });
  return (
    <details className="utm-details">
      <summary>Link tracking (UTM) {utm.data && <span className="muted small">{summaryOf(utm.data)}</span>}</summary>
      {utm.isPending ? (
        <p className="loading" role="status">
          Loading the tracking settings…
        </p>
      ) : utm.isError ? (
        <p className="alert alert-error" role="alert">
          Could not load the tracking settings: {userMessage(utm.error)}
        </p>
      ) : (
        <UtmForm campaign={campaign} answer={utm.data} />
      )}
    </details>
  );
}

function summaryOf(answer: UtmAnswer): string {
  const tags = answer.tags ?? answer.variants?.a.tags;
  if (!tags) return "";
  const campaigns = answer.variants ? `${answer.variants.a.tags.campaign} / ${answer.variants.b.tags.campaign}` : tags.campaign;
  return `utm_source=${tags.source}, utm_medium=${tags.medium}, utm_campaign=${campaigns}`;
}

function UtmForm({ campaign, answer }: { campaign: Campaign; answer: UtmAnswer }) {
  const queryClient = useQueryClient();
  const id = useId();
  const first = answer.tags ?? answer.variants!.a.tags;
  const [source, setSource] = useState(first.source);
  const [medium, setMedium] = useState(first.medium);
  const [nameA, setNameA] = useState(first.campaign);
  const [nameB, setNameB] = useState(answer.variants?.b.tags.campaign ?? "");
  const ab = !!answer.variants;
  const save = useMutation<UtmAnswer, ApiError>({
    mutationFn: () => {
      // At its default, a value is sent empty: the API fills the default in, and a renamed campaign's tag follows.
      const tags = (name: string): Tags => ({
        source: source.trim() === "inkwell" ? "" : source.trim(),
        medium: medium.trim() === "email" ? "" : medium.trim(),
        campaign: name.trim() === campaign.name ? "" : name.trim(),
      });
      return putUtm(campaign.id, ab ? { variants: { a: tags(nameA), b: tags(nameB) } } : { tags: tags(nameA) });
    },
    onSuccess: (saved) => queryClient.setQueryData(utmKey(campaign.id), saved),
  });
  const input = (label: string, name: string, value: string, set: (v: string) => void, hint?: string) => {
    const error = save.error?.errors.find((e) => e.field.endsWith(`.${name}`) || e.field === name);
    return (
      <div className="field">
        <label className="label" htmlFor={`${id}-${label}`}>
          {label}
        </label>
        <input
          id={`${id}-${label}`}
          className="input"
          value={value}
          maxLength={250}
          aria-invalid={error ? true : undefined}
          onChange={(e) => set(e.target.value)}
          placeholder={hint}
        />
        {error && <p className="field-error">{fieldMessage(error)}</p>}
      </div>
    );
  };
  return (
    <form
      className="stack utm-settings"
      noValidate
      aria-label="Link tracking (UTM)"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <p className="muted small">
        Added to every link of the email, so your analytics tool can tell its visits apart. Leave a value empty to use the default.
      </p>
      <div className="utm-grid">
        {input("UTM source", "source", source, setSource, "inkwell")}
        {input("UTM medium", "medium", medium, setMedium, "email")}
        {input(ab ? "UTM campaign, variant A" : "UTM campaign", "campaign", nameA, setNameA, campaign.name)}
        {ab && input("UTM campaign, variant B", "campaign", nameB, setNameB, campaign.name)}
      </div>
      <div className="cluster">
        <button type="submit" className="btn btn-secondary" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save link tracking"}
        </button>
        <span aria-live="polite" className="small">
          {save.isSuccess ? "Link tracking saved." : ""}
        </span>
      </div>
      {save.isError && !save.error.errors.length && (
        <p className="alert alert-error" role="alert">
          {userMessage(save.error)}
        </p>
      )}
    </form>
  );
}
