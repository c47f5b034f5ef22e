"use client";
// Step 2: the email's design, one of the brand's templates, each shown by its thumbnail, and the picked one
// previewed as a recipient will see it. The editor opens in the same tab; the draft keeps everything, and
// "Back to the campaign" there (or the browser's Back) returns to this step.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { formatDateTime } from "@/components/ui/format";
import { userMessage } from "@/components/ui/messages";
import { useDebounced } from "@/components/segments/use-debounced";
import { listTemplates } from "@/components/templates/templates-api";
import type { ApiError } from "@/lib/client/api-fetch";
import { campaignKeys, changeTemplate, createCampaign, type Campaign } from "../campaigns-client";
import { EmailPreview } from "./email-preview";
import { StepActions } from "./step-actions";
import { TemplateThumbnail } from "./template-thumbnail";
import { emailOf } from "./campaign-email";

const PAGE = 20;

export function TemplateStep({
  campaign,
  name,
  onCreated,
  onDone,
  onBack,
}: {
  campaign: Campaign | null;
  name: string;
  onCreated: (campaign: Campaign) => void;
  onDone: () => void;
  onBack: () => void;
}) {
  const queryClient = useQueryClient();
  const current = (campaign && emailOf(campaign)?.templateID) ?? null;
  const [picked, setPicked] = useState<string | null>(current);
  const [search, setSearch] = useState("");
  const [after, setAfter] = useState<string | undefined>();
  const nameContains = useDebounced(search.trim(), 300);
  const params = { nameContains: nameContains || undefined, sort: "createdAt" as const, direction: "desc" as const, limit: PAGE, after };
  const templates = useQuery({
    queryKey: ["templates", "picker", params],
    queryFn: () => listTemplates(params),
    placeholderData: keepPreviousData,
  });
  const [missing, setMissing] = useState(false);

  const save = useMutation<Campaign, ApiError, string>({
    mutationFn: (templateID) =>
      campaign
        ? campaign.type === "abTest"
          ? // A test of the subject line: both variants send the picked design.
            changeTemplate(campaign.id, templateID, "a").then(() => changeTemplate(campaign.id, templateID, "b"))
          : changeTemplate(campaign.id, templateID)
        : createCampaign({
            channel: "email",
            type: "regular",
            name: name.trim() || "Untitled campaign",
            content: { email: { templateID } },
          }),
    onSuccess: (saved) => {
      queryClient.setQueryData(campaignKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all, refetchType: "none" });
      if (campaign) onDone();
      else onCreated(saved);
    },
  });

  return (
    <form
      className="stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!picked) return setMissing(true);
        if (campaign && picked === current) return onDone();
        save.mutate(picked);
      }}
    >
      <p className="muted">
        The email your contacts get. Pick one of your templates, or{" "}
        <Link href={campaign ? `/templates?returnTo=${encodeURIComponent(`/campaigns/${campaign.id}/edit?step=template`)}` : "/templates"}>
          create or edit templates
        </Link>{" "}
        and come back.
      </p>
      <div className="field">
        <label className="label" htmlFor="template-search">
          Search templates
        </label>
        <input
          id="template-search"
          className="input"
          type="search"
          value={search}
          maxLength={200}
          onChange={(e) => {
            setSearch(e.target.value);
            setAfter(undefined);
          }}
        />
      </div>
      <div className="template-layout">
        {templates.isPending ? (
          <p className="loading" role="status">
            Loading templates…
          </p>
        ) : templates.isError ? (
          <p className="alert alert-error" role="alert">
            Could not load templates: {userMessage(templates.error)}
          </p>
        ) : templates.data.templates.length === 0 ? (
          <div className="alert alert-info" role="status">
            {nameContains ? "No template matches this search." : "This brand has no templates yet."}{" "}
            <Link href="/templates">Create a template</Link>
          </div>
        ) : (
          <fieldset className="template-grid" aria-describedby={missing ? "template-error" : undefined}>
            <legend className="label">Template</legend>
            {templates.data.templates.map((t) => (
              <label key={t.id} className="template-card">
                <TemplateThumbnail id={t.id} version={t.updatedAt} name={t.name} />
                <span className="template-card-head">
                  <input
                    type="radio"
                    name="template"
                    value={t.id}
                    checked={picked === t.id}
                    onChange={() => {
                      setPicked(t.id);
                      setMissing(false);
                    }}
                  />
                  <span className="choice-text">
                    <span className="choice-title">{t.name}</span>
                    <span className="muted small">Updated {formatDateTime(t.updatedAt)}</span>
                  </span>
                </span>
                {picked === t.id && campaign && (
                  <Link className="btn btn-ghost btn-sm" href={`/templates/${t.id}`}>
                    Edit this template
                  </Link>
                )}
              </label>
            ))}
            {templates.data.paging.hasMore && (
              <button
                type="button"
                className="btn btn-secondary btn-sm template-more"
                onClick={() => setAfter(templates.data.paging.cursors.after ?? undefined)}
              >
                More templates
              </button>
            )}
          </fieldset>
        )}
        {picked ? (
          <EmailPreview key={picked} templateId={picked} title="Preview of the picked template" />
        ) : (
          <p className="muted">Pick a template to preview it here.</p>
        )}
      </div>
      {missing && (
        <p id="template-error" className="field-error" role="alert">
          Choose a template for the email.
        </p>
      )}
      {save.isError && (
        <p className="alert alert-error" role="alert">
          {userMessage(save.error)}
        </p>
      )}
      <StepActions onBack={onBack} busy={save.isPending} next={campaign ? "Save and continue" : "Create the draft and continue"} />
    </form>
  );
}
