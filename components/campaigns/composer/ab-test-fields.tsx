"use client";
// The A/B test of the subject line: the second subject (variant B), the share of the audience in the test,
// the metric that picks the winner and how long after the start it is picked (the published abTest
// settings: testSizePercent 10-100, winningMetric, decisionTime h 1-168 or d 1-7).
import { useId } from "react";

export type AbForm = {
  on: boolean;
  subject: string;
  preheader: string;
  testSizePercent: string;
  winningMetric: "openRate" | "clickRate";
  amount: string;
  unit: "h" | "d";
};
type Problem = { field: "subject" | "testSizePercent" | "amount"; message: string };

const whole = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value) : NaN);

/** The first thing to fix before the test can be saved, if any. */
export function abProblem(form: AbForm): Problem | undefined {
  if (!form.on) return undefined;
  if (!form.subject.trim()) return { field: "subject", message: "Write the second subject line to test against the first." };
  const share = whole(form.testSizePercent);
  if (!(share >= 10 && share <= 100)) return { field: "testSizePercent", message: "Give a whole number from 10 to 100." };
  if (share === 100) return undefined;
  const amount = whole(form.amount);
  const most = form.unit === "h" ? 168 : 7;
  if (!(amount >= 1 && amount <= most))
    return { field: "amount", message: `Give a whole number of ${form.unit === "h" ? "hours from 1 to 168" : "days from 1 to 7"}.` };
  return undefined;
}

export function AbTestFields({
  value,
  onChange,
  problem,
  serverError,
}: {
  value: AbForm;
  onChange: (next: AbForm) => void;
  problem: Problem | undefined;
  serverError: (...fields: string[]) => string | undefined;
}) {
  const id = useId();
  const set = <K extends keyof AbForm>(key: K, v: AbForm[K]) => onChange({ ...value, [key]: v });
  const everyone = whole(value.testSizePercent) === 100;
  const errorFor = (field: Problem["field"], ...server: string[]) =>
    problem?.field === field ? problem.message : serverError(...server.map((f) => `abTest.${f}`));
  const subjectError = errorFor("subject", "variants.b.content.email.subject");
  const shareError = errorFor("testSizePercent", "settings.testSizePercent");
  const timeError = errorFor("amount", "settings.decisionTime", "settings.decisionTime.amount");
  const field = (name: string) => `${id}-${name}`;
  const described = (name: string, error: string | undefined) =>
    [`${field(name)}-hint`, error ? `${field(name)}-error` : ""].filter(Boolean).join(" ");
  return (
    <fieldset className="ab-settings">
      <legend>A/B test</legend>
      <label className="cluster">
        <input type="checkbox" checked={value.on} onChange={(e) => set("on", e.target.checked)} />
        Test a second subject line (A/B test)
      </label>
      {value.on && (
        <>
          <div className="field">
            <label className="label" htmlFor={field("subject")}>
              Variant B subject
            </label>
            <input
              id={field("subject")}
              className="input"
              value={value.subject}
              maxLength={250}
              aria-invalid={subjectError ? true : undefined}
              aria-describedby={described("subject", subjectError)}
              onChange={(e) => set("subject", e.target.value)}
            />
            <p id={`${field("subject")}-hint`} className="hint">
              Variant A is the subject line above; both send the same email.
            </p>
            {subjectError && (
              <p id={`${field("subject")}-error`} className="field-error">
                {subjectError}
              </p>
            )}
          </div>
          <div className="field">
            <label className="label" htmlFor={field("preheader")}>
              Variant B preheader <span className="muted">(optional)</span>
            </label>
            <input
              id={field("preheader")}
              className="input"
              value={value.preheader}
              maxLength={250}
              onChange={(e) => set("preheader", e.target.value)}
            />
          </div>
          <div className="ab-row">
            <div className="field">
              <label className="label" htmlFor={field("share")}>
                Contacts in the test (%)
              </label>
              <input
                id={field("share")}
                className="input"
                type="number"
                inputMode="numeric"
                min={10}
                max={100}
                value={value.testSizePercent}
                aria-invalid={shareError ? true : undefined}
                aria-describedby={described("share", shareError)}
                onChange={(e) => set("testSizePercent", e.target.value)}
              />
            </div>
            <div className="field">
              <label className="label" htmlFor={field("metric")}>
                Winning metric
              </label>
              <select
                id={field("metric")}
                className="input"
                value={value.winningMetric}
                disabled={everyone}
                onChange={(e) => set("winningMetric", e.target.value as AbForm["winningMetric"])}
              >
                <option value="openRate">Open rate</option>
                <option value="clickRate">Click rate</option>
              </select>
            </div>
            <div className="field">
              <label className="label" htmlFor={field("amount")}>
                Choose the winner after
              </label>
              <div className="cluster">
                <input
                  id={field("amount")}
                  className="input"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={value.unit === "h" ? 168 : 7}
                  style={{ width: "6rem" }}
                  value={value.amount}
                  disabled={everyone}
                  aria-invalid={timeError ? true : undefined}
                  aria-describedby={timeError ? `${field("amount")}-error` : undefined}
                  onChange={(e) => set("amount", e.target.value)}
                />
                <select
                  className="input"
                  aria-label="Decision time unit"
                  value={value.unit}
                  disabled={everyone}
                  onChange={(e) => set("unit", e.target.value as AbForm["unit"])}
                >
                  <option value="h">hours</option>
                  <option value="d">days</option>
                </select>
              </div>
            </div>
          </div>
          <p id={`${field("share")}-hint`} className="hint">
            {everyone
              ? "Every contact gets A or B, half each: no winner is chosen."
              : `Half of the test gets A, half gets B; after the decision time the rest of the audience gets the one with the better ${value.winningMetric === "openRate" ? "open" : "click"} rate.`}
          </p>
          {shareError && (
            <p id={`${field("share")}-error`} className="field-error">
              {shareError}
            </p>
          )}
          {timeError && (
            <p id={`${field("amount")}-error`} className="field-error">
              {timeError}
            </p>
          )}
        </>
      )}
    </fieldset>
  );
}
