"use client";
// Step 6: when it goes: now, at a time in the brand's time zone (optionally at that time in each
// contact's own time zone), or at each contact's best hour on a day (personalized).
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { fieldMessage, userMessage } from "@/components/ui/messages";
import { apiFetch } from "@/lib/client/api-fetch";
import { instantOf, wallTime } from "@/lib/time/wall-clock";
import type { StepProps } from "./campaign-composer";
import { StepActions } from "./step-actions";
import { useSaveDraft } from "./use-save-draft";

type Brand = { timeZone: string; defaultSendHour: number };
export const useBrand = () => useQuery({ queryKey: ["brand"], queryFn: () => apiFetch<Brand>("/api/brand"), staleTime: 60_000 });

type Choice = "now" | "later" | "personalized";
const pad = (n: number) => String(n).padStart(2, "0");

/** The value of a datetime-local input for `iso` in `zone`. */
export function toLocalInput(iso: string | undefined, zone: string): string {
  if (!iso) return "";
  const w = wallTime(new Date(iso), zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** The instant a datetime-local value ("2026-06-15T09:30") means in `zone`. */
export function fromLocalInput(value: string, zone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(value);
  if (!m) return null;
  return instantOf({ year: +m[1], month: +m[2], day: +m[3], hour: +(m[4] ?? 0), minute: +(m[5] ?? 0), second: 0 }, zone);
}

export function ScheduleStep({ campaign, onDone, onBack }: StepProps) {
  const brand = useBrand();
  if (brand.isPending)
    return (
      <p className="loading" role="status">
        Loading the brand’s time zone…
      </p>
    );
  if (brand.isError)
    return (
      <p className="alert alert-error" role="alert">
        Could not load the brand’s time zone: {userMessage(brand.error)}
      </p>
    );
  return (
    <ScheduleForm campaign={campaign} onDone={onDone} onBack={onBack} zone={brand.data.timeZone} sendHour={brand.data.defaultSendHour} />
  );
}

function ScheduleForm({
  campaign,
  onDone,
  onBack,
  zone,
  sendHour,
}: Pick<StepProps, "campaign" | "onDone" | "onBack"> & { zone: string; sendHour: number }) {
  const settings = campaign.sendingSettings;
  const [choice, setChoice] = useState<Choice>(
    settings.strategy === "immediate" ? "now" : settings.strategy === "scheduled" ? "later" : "personalized",
  );
  const [at, setAt] = useState(toLocalInput(settings.strategy === "scheduled" ? settings.scheduledAt : undefined, zone));
  const [day, setDay] = useState(toLocalInput(settings.strategy === "personalized" ? settings.scheduledAt : undefined, zone).slice(0, 10));
  const [perZone, setPerZone] = useState(settings.isTZOptimizationEnabled ?? false);
  const [optimizeFor, setOptimizeFor] = useState(settings.optimizeFor ?? "opens");
  const [local, setLocal] = useState<string | null>(null);
  const save = useSaveDraft(campaign, onDone);
  const apiError = save.error?.errors.find((e) => e.field.startsWith("sendingSettings"));
  const error = local ?? (apiError ? fieldMessage(apiError, { noun: "send time", input: "date" }) : undefined);

  const submit = () => {
    setLocal(null);
    if (choice === "now") return save.mutate({ sendingSettings: { strategy: "immediate", isTZOptimizationEnabled: perZone } });
    if (choice === "later") {
      const instant = fromLocalInput(at, zone);
      if (!instant) return setLocal("Pick the date and time it should go out.");
      if (instant.getTime() <= Date.now()) return setLocal("Pick a time in the future.");
      return save.mutate({
        sendingSettings: { strategy: "scheduled", scheduledAt: instant.toISOString(), isTZOptimizationEnabled: perZone },
      });
    }
    const start = fromLocalInput(day, zone);
    if (!start) return setLocal("Pick the day it should go out.");
    return save.mutate({ sendingSettings: { strategy: "personalized", scheduledAt: start.toISOString(), optimizeFor } });
  };

  return (
    <form
      className="stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <fieldset className="choice-list">
        <legend className="label">When should it go out?</legend>
        <label className="choice">
          <input type="radio" name="when" value="now" checked={choice === "now"} onChange={() => setChoice("now")} />
          <span className="choice-text">
            <span className="choice-title">As soon as I send it</span>
          </span>
        </label>
        <label className="choice">
          <input type="radio" name="when" value="later" checked={choice === "later"} onChange={() => setChoice("later")} />
          <span className="choice-text">
            <span className="choice-title">At a date and time</span>
            <span className="muted small">In your brand’s time zone, {zone.replace(/_/g, " ")}</span>
          </span>
        </label>
        {choice === "later" && (
          <div className="field choice-detail">
            <label className="label" htmlFor="campaign-at">
              Date and time ({zone.replace(/_/g, " ")})
            </label>
            <input
              id="campaign-at"
              className="input"
              type="datetime-local"
              value={at}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "campaign-when-error" : undefined}
              onChange={(e) => setAt(e.target.value)}
            />
          </div>
        )}
        <label className="choice">
          <input
            type="radio"
            name="when"
            value="personalized"
            checked={choice === "personalized"}
            onChange={() => setChoice("personalized")}
          />
          <span className="choice-text">
            <span className="choice-title">At each contact’s best time on a day</span>
            <span className="muted small">
              Each contact gets it at the hour they opened or clicked most in the last 90 days; contacts without history at {pad(sendHour)}
              :00 (<Link href="/settings/brand">change</Link>).
            </span>
          </span>
        </label>
        {choice === "personalized" && (
          <div className="cluster choice-detail">
            <div className="field">
              <label className="label" htmlFor="campaign-day">
                Day
              </label>
              <input
                id="campaign-day"
                className="input"
                type="date"
                value={day}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "campaign-when-error" : undefined}
                onChange={(e) => setDay(e.target.value)}
              />
            </div>
            <div className="field">
              <label className="label" htmlFor="campaign-optimize">
                Best time for
              </label>
              <select
                id="campaign-optimize"
                className="input"
                value={optimizeFor}
                onChange={(e) => setOptimizeFor(e.target.value as typeof optimizeFor)}
              >
                <option value="opens">Opens</option>
                <option value="clicks">Clicks</option>
                <option value="orders">Orders</option>
              </select>
            </div>
          </div>
        )}
      </fieldset>
      {choice !== "personalized" && (
        <label className="choice">
          <input type="checkbox" checked={perZone} onChange={(e) => setPerZone(e.target.checked)} />
          <span className="choice-text">
            <span className="choice-title">Send at this time in each contact’s own time zone</span>
            <span className="muted small">
              From their country and state; contacts whose location is unknown get it at your brand’s time.
            </span>
          </span>
        </label>
      )}
      {error && (
        <p id="campaign-when-error" className="field-error" role="alert">
          {error}
        </p>
      )}
      {save.isError && !apiError && (
        <p className="alert alert-error" role="alert">
          {userMessage(save.error)}
        </p>
      )}
      <StepActions onBack={onBack} busy={save.isPending} />
    </form>
  );
}
