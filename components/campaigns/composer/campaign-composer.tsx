"use client";
// The campaign composer, in the steps a marketer knows: name, template, subject, sender, audience,
// schedule, review. A new campaign lives in the page until its template is picked (the API creates a
// campaign with its template); from then on it is a draft saved at every step, so leaving for the
// template editor and coming back loses nothing. The step is in the URL (?step=), so Back works.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { userMessage } from "@/components/ui/messages";
import { campaignKeys, getCampaign, type Campaign } from "../campaigns-client";
import { STATUS_LABELS } from "../campaign-words";
import { AudienceStep } from "./audience-step";
import { NameStep } from "./name-step";
import { ReviewStep } from "./review-step";
import { ScheduleStep } from "./schedule-step";
import { SenderStep } from "./sender-step";
import type { StepTarget } from "./step-actions";
import { SubjectStep } from "./subject-step";
import { TemplateStep } from "./template-step";
import "../campaigns.css";
import "./composer.css";

export const STEPS = [
  { id: "name", label: "Name" },
  { id: "template", label: "Template" },
  { id: "subject", label: "Subject" },
  { id: "sender", label: "Sender" },
  { id: "audience", label: "Audience" },
  { id: "schedule", label: "Schedule" },
  { id: "review", label: "Review and send" },
] as const;
export type StepId = (typeof STEPS)[number]["id"];

const isStep = (value: string | null): value is StepId => STEPS.some((s) => s.id === value);

export type StepProps = {
  campaign: Campaign;
  /** Saved: go on to the next step. */
  onDone: () => void;
  onBack: () => void;
  /** Saved: go straight to the review (a simple send skips the steps whose defaults suit it). */
  onSkip: () => void;
  /** The draft was created again under a new id (made an A/B test or back): go on from there. */
  onMoved: (id: string, to: StepTarget) => void;
};

export function CampaignComposer({ campaignId }: { campaignId: string | null }) {
  const router = useRouter();
  const search = useSearchParams();
  const asked = search.get("step");
  const step: StepId = isStep(asked) ? asked : campaignId ? "subject" : "name";
  const [newName, setNewName] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const draft = useQuery({
    queryKey: campaignKeys.detail(campaignId ?? ""),
    queryFn: () => getCampaign(campaignId!),
    enabled: campaignId !== null,
  });

  // A new step's heading takes the focus, so a screen reader announces where the person is.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const go = (to: StepId, id = campaignId) => router.push(id ? `/campaigns/${id}/edit?step=${to}` : `/campaigns/new?step=${to}`);
  const index = STEPS.findIndex((s) => s.id === step);
  const next = () => go(STEPS[Math.min(index + 1, STEPS.length - 1)].id);
  const back = () => go(STEPS[Math.max(index - 1, 0)].id);
  const skip = () => go("review");
  const moved = (id: string, to: StepTarget) => go(to === "review" ? "review" : STEPS[Math.min(index + 1, STEPS.length - 1)].id, id);

  if (campaignId && draft.isPending)
    return (
      <p className="loading" role="status">
        Loading the campaign…
      </p>
    );
  if (campaignId && draft.isError)
    return (
      <div className="alert alert-error" role="alert">
        <p>Could not load the campaign: {userMessage(draft.error, { 404: "this campaign does not exist (it may have been deleted)." })}</p>
        <Link href="/campaigns">Back to campaigns</Link>
      </div>
    );
  const campaign = draft.data ?? null;
  if (campaign && campaign.status !== "draft")
    return (
      <div className="stack">
        <h1 className="page-title">{campaign.name}</h1>
        <div className="alert alert-info" role="status">
          <p>
            This campaign is {STATUS_LABELS[campaign.status].toLowerCase()}: only drafts can be changed. Copy it to send a changed version.
          </p>
          <Link href={`/campaigns/${campaign.id}`}>See the campaign</Link>
        </div>
      </div>
    );

  const title = campaign ? campaign.name : newName || "New campaign";
  const stepLabel = STEPS[index].label;
  return (
    <div className="composer">
      <div className="page-header">
        <p className="breadcrumb">
          <Link href="/campaigns">Campaigns</Link>
        </p>
        <h1 className="page-title">{title}</h1>
      </div>
      <nav aria-label="Campaign steps" className="composer-steps">
        <ol>
          {STEPS.map((s, i) => {
            const reachable = campaign !== null || i <= 1;
            const current = s.id === step;
            return (
              <li key={s.id} data-done={i < index ? "true" : undefined}>
                {reachable && !current ? (
                  <Link
                    href={campaign ? `/campaigns/${campaign.id}/edit?step=${s.id}` : `/campaigns/new?step=${s.id}`}
                    className="composer-step"
                  >
                    <span className="composer-step-number" aria-hidden="true">
                      {i + 1}
                    </span>
                    {s.label}
                  </Link>
                ) : (
                  <span className="composer-step" aria-current={current ? "step" : undefined} aria-disabled={!reachable || undefined}>
                    <span className="composer-step-number" aria-hidden="true">
                      {i + 1}
                    </span>
                    {s.label}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      <section className="card composer-panel" aria-labelledby="composer-step-title">
        <h2 id="composer-step-title" className="card-title" tabIndex={-1} ref={heading}>
          Step {index + 1} of {STEPS.length}: {stepLabel}
        </h2>
        {step === "name" && <NameStep campaign={campaign} name={newName} onName={setNewName} onDone={() => go("template")} />}
        {step === "template" && (
          <TemplateStep campaign={campaign} name={newName} onCreated={(created) => go("subject", created.id)} onDone={next} onBack={back} />
        )}
        {campaign && step === "subject" && <SubjectStep campaign={campaign} onDone={next} onBack={back} onSkip={skip} onMoved={moved} />}
        {campaign && step === "sender" && <SenderStep campaign={campaign} onDone={next} onBack={back} onSkip={skip} onMoved={moved} />}
        {campaign && step === "audience" && <AudienceStep campaign={campaign} onDone={next} onBack={back} onSkip={skip} onMoved={moved} />}
        {campaign && step === "schedule" && <ScheduleStep campaign={campaign} onDone={next} onBack={back} onSkip={skip} onMoved={moved} />}
        {campaign && step === "review" && <ReviewStep campaign={campaign} onBack={back} onEdit={(to) => go(to)} />}
        {!campaign && index > 1 && (
          <p className="alert alert-info" role="status">
            Pick a template first: the campaign is saved as a draft once it has one.{" "}
            <Link href="/campaigns/new?step=template">Choose a template</Link>
          </p>
        )}
      </section>
    </div>
  );
}
