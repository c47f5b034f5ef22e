"use client";
// One campaign: its status and, while it sends, live progress (handed over, sent, bounced, skipped),
// refreshed every few seconds from the counters (two requests a refresh, whatever the audience's size),
// with the actions its status allows: pause, resume, cancel; for an A/B test stop, resume, pick a winner.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { formatDateTime, formatNumber } from "@/components/ui/format";
import { userMessage } from "@/components/ui/messages";
import type { ApiError } from "@/lib/client/api-fetch";
import { apiFetch } from "@/lib/client/api-fetch";
import {
  campaignAction,
  campaignKeys,
  copyCampaign,
  deleteCampaign,
  getCampaign,
  getReport,
  type Campaign,
  type CampaignAction,
  type CampaignReport,
} from "./campaigns-client";
import { formatRate, LIVE_STATUSES, skipReasonsText, STATUS_BADGES, STATUS_LABELS, TYPE_LABELS } from "./campaign-words";
import "./campaigns.css";

const REFRESH_MS = 3_000;

function Progress({ report }: { report: CampaignReport }) {
  const t = report.totals;
  // Recipients are the contacts the email goes to (skipped ones apart): done when sent or failed.
  const done = t.sent + t.failed;
  const total = Math.max(report.recipients, done + t.pending);
  const share = total > 0 ? Math.min(1, done / total) : 0;
  return (
    <div className="stack">
      <div
        className="progress-bar"
        role="progressbar"
        aria-label="Messages handled"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
      >
        <span style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      <dl className="figure-grid" aria-live="polite">
        <Figure label="Recipients" value={formatNumber(report.recipients)} />
        <Figure label="Waiting to go" value={formatNumber(t.pending)} />
        <Figure label="Sent" value={formatNumber(t.sent)} />
        <Figure label="Bounced" value={formatNumber(t.bounced)} />
        <Figure
          label="Skipped"
          value={formatNumber(report.skipped.count)}
          hint={skipReasonsText(report.skipped.reasons, formatNumber) || "Unsubscribed, not subscribed, no address, suppressed"}
        />
        <Figure label="Opened" value={`${formatNumber(t.uniqueOpens)} (${formatRate(t.openRate)})`} />
      </dl>
    </div>
  );
}

export function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="figure">
      <dt>{label}</dt>
      <dd>
        <span className="figure-value">{value}</span>
        {hint && <span className="muted small figure-hint">{hint}</span>}
      </dd>
    </div>
  );
}

type Confirm = { title: string; body: string; action: () => void; label: string } | null;

export function CampaignProgress({ id }: { id: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const campaign = useQuery({
    queryKey: campaignKeys.detail(id),
    queryFn: () => getCampaign(id),
    refetchInterval: (q) => (q.state.data && LIVE_STATUSES.includes(q.state.data.status) ? REFRESH_MS : false),
  });
  const live = campaign.data ? LIVE_STATUSES.includes(campaign.data.status) : false;
  const started = Boolean(campaign.data?.startedAt);
  const report = useQuery({
    queryKey: campaignKeys.report(id),
    queryFn: () => getReport(id),
    enabled: started,
    refetchInterval: live ? REFRESH_MS : false,
  });
  const [confirm, setConfirm] = useState<Confirm>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(id) });
    void queryClient.invalidateQueries({ queryKey: campaignKeys.report(id) });
  };
  const act = useMutation<void, ApiError, () => Promise<void>>({
    mutationFn: (run) => run(),
    onSuccess: refresh,
    onSettled: () => setConfirm(null),
  });
  const copy = useMutation<Campaign, ApiError>({
    mutationFn: () => copyCampaign(id),
    onSuccess: (c) => router.push(`/campaigns/${c.id}/edit`),
  });

  if (campaign.isPending)
    return (
      <p className="loading" role="status">
        Loading the campaign…
      </p>
    );
  if (campaign.isError)
    return (
      <div className="alert alert-error" role="alert">
        <p>
          Could not load the campaign: {userMessage(campaign.error, { 404: "this campaign does not exist (it may have been deleted)." })}
        </p>
        <Link href="/campaigns">Back to campaigns</Link>
      </div>
    );
  const c = campaign.data;
  const run = (action: CampaignAction) => () => act.mutate(() => campaignAction(id, action));
  const abAction = (path: string, body?: unknown) => () =>
    act.mutate(() => apiFetch<void>(`/api/campaigns/${id}/ab-test/${path}`, { method: "POST", body }));
  const ab = c.type === "abTest" && c.abTest;

  return (
    <div className="stack">
      <div className="page-header page-header-row">
        <div>
          <p className="breadcrumb">
            <Link href="/campaigns">Campaigns</Link>
          </p>
          <h1 className="page-title">{c.name}</h1>
          <p className="cluster">
            <span className={`badge ${STATUS_BADGES[c.status]}`}>{STATUS_LABELS[c.status]}</span>
            {c.type !== "regular" && <span className="badge badge-muted">{TYPE_LABELS[c.type]}</span>}
            <span className="muted">
              {c.startedAt
                ? `Started ${formatDateTime(c.startedAt)}${c.endedAt ? ` · ended ${formatDateTime(c.endedAt)}` : ""}`
                : c.sendingSettings.scheduledAt
                  ? `Planned for ${formatDateTime(c.sendingSettings.scheduledAt)}`
                  : ""}
            </span>
          </p>
        </div>
        <div className="cluster">
          {started && (
            <Link className="btn btn-primary" href={`/campaigns/${id}/report`}>
              See the report
            </Link>
          )}
          {c.status === "draft" && (
            <Link className="btn btn-primary" href={`/campaigns/${id}/edit`}>
              Continue editing
            </Link>
          )}
          {c.type !== "booster" && (
            <button type="button" className="btn btn-secondary" onClick={() => copy.mutate()} disabled={copy.isPending}>
              Copy
            </button>
          )}
        </div>
      </div>

      {c.statusReason && c.status !== "canceled" && (
        <p className={`alert ${c.status === "error" ? "alert-error" : "alert-warning"}`} role="status">
          {c.statusReason}
        </p>
      )}
      {(act.isError || copy.isError) && (
        <p className="alert alert-error" role="alert">
          {userMessage(act.error ?? copy.error)}
        </p>
      )}

      <div className="cluster" role="group" aria-label="Campaign actions">
        {c.status === "started" && (
          <button type="button" className="btn btn-secondary" onClick={run("pause")} disabled={act.isPending}>
            Pause
          </button>
        )}
        {c.status === "paused" && (
          <button type="button" className="btn btn-primary" onClick={run("resume")} disabled={act.isPending}>
            Resume sending
          </button>
        )}
        {ab && c.status === "started" && !c.abTest?.result && (
          <button type="button" className="btn btn-secondary" onClick={abAction("stop")} disabled={act.isPending}>
            Stop the test
          </button>
        )}
        {ab && c.status === "stopped" && (
          <button type="button" className="btn btn-secondary" onClick={abAction("resume")} disabled={act.isPending}>
            Resume the test
          </button>
        )}
        {ab &&
          (c.status === "started" || c.status === "stopped") &&
          !c.abTest?.result &&
          (c.abTest?.settings.testSizePercent ?? 100) < 100 &&
          (["a", "b"] as const).map((part) => (
            <button
              key={part}
              type="button"
              className="btn btn-secondary"
              disabled={act.isPending}
              onClick={() =>
                setConfirm({
                  title: `Send variant ${part.toUpperCase()} to everyone else?`,
                  body: `Variant ${part.toUpperCase()} (“${c.abTest!.variants[part].content.email.subject ?? ""}”) goes to the rest of the audience now; the test ends.`,
                  label: `Send variant ${part.toUpperCase()}`,
                  action: abAction("winner", { variantID: c.abTest!.variants[part].id }),
                })
              }
            >
              Pick variant {part.toUpperCase()} as the winner
            </button>
          ))}
        {["scheduled", "started", "paused"].includes(c.status) && (
          <button
            type="button"
            className="btn btn-danger-ghost"
            disabled={act.isPending}
            onClick={() =>
              setConfirm({
                title: "Cancel the campaign?",
                body:
                  c.status === "scheduled"
                    ? "It will not be sent. You can copy it later to send it again."
                    : "Messages not yet handed to the mail server will not be sent; those already on their way may still arrive.",
                label: "Cancel the campaign",
                action: run("cancel"),
              })
            }
          >
            Cancel campaign
          </button>
        )}
        {["draft", "sent", "canceled", "error", "expired"].includes(c.status) && (
          <button
            type="button"
            className="btn btn-danger-ghost"
            disabled={act.isPending}
            onClick={() =>
              setConfirm({
                title: "Delete the campaign?",
                body: "The campaign and its report are removed. Messages already sent are not affected.",
                label: "Delete",
                action: () => act.mutate(() => deleteCampaign(id).then(() => router.push("/campaigns"))),
              })
            }
          >
            Delete
          </button>
        )}
      </div>

      {started ? (
        report.isPending ? (
          <p className="loading" role="status">
            Loading progress…
          </p>
        ) : report.isError ? (
          <p className="alert alert-error" role="alert">
            Could not load the progress: {userMessage(report.error)}
          </p>
        ) : (
          <section className="card stack" aria-labelledby="progress-title">
            <h2 id="progress-title" className="card-title">
              {live ? "Progress" : "Outcome"}
            </h2>
            <Progress report={report.data} />
            {live && <p className="muted small">Updates every few seconds.</p>}
          </section>
        )
      ) : c.status === "scheduled" ? (
        <p className="alert alert-info" role="status">
          Nothing has been sent yet: it starts {c.sendingSettings.scheduledAt ? formatDateTime(c.sendingSettings.scheduledAt) : "soon"}.
        </p>
      ) : null}

      <Dialog open={confirm !== null} onClose={() => setConfirm(null)} title={confirm?.title ?? ""} role="alertdialog">
        <p>{confirm?.body}</p>
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setConfirm(null)}>
            Keep it
          </button>
          <button type="button" className="btn btn-danger" disabled={act.isPending} onClick={() => confirm?.action()}>
            {confirm?.label}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
