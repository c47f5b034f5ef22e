"use client";
// The form as visitors will see it, drawn from the builder's draft as it changes: its fields, texts,
// consent and colours, inline, as a popup over a page, or as the hosted page; at desktop or phone width.
// Nothing here submits (the preview's inputs are inert).
import { useState } from "react";
import type { Draft } from "./form-draft";
import type { TopicChoice } from "./forms-client";

const INPUT_TYPE = { email: "email", birthdate: "date" } as Record<string, string>;

export function FormPreview({ draft, topics }: { draft: Draft; topics: TopicChoice[] }) {
  const [width, setWidth] = useState<"desktop" | "phone">("desktop");
  const c = draft.colours;
  const offered = topics.filter((t) => draft.topicIDs.includes(t.id));
  const form = (
    <div className="form-preview-form" style={{ background: c.background, color: c.text }}>
      {draft.display.mode === "popup" && (
        <span className="form-preview-close" aria-hidden="true">
          ×
        </span>
      )}
      <h3 className="form-preview-title">{draft.texts.title || "\u00a0"}</h3>
      {draft.texts.description && <p>{draft.texts.description}</p>}
      {draft.fields.map((f) => (
        <div key={f.name} className="form-preview-field">
          <span className="form-preview-label">
            {f.label}
            {f.required ? " *" : ""}
          </span>
          <input type={INPUT_TYPE[f.name] ?? "text"} tabIndex={-1} readOnly aria-label={`${f.label} (preview)`} />
        </div>
      ))}
      {offered.length > 0 && (
        <div className="form-preview-topics">
          {offered.map((t) => (
            <span key={t.id}>☑ {t.name}</span>
          ))}
        </div>
      )}
      {draft.texts.consent && <p className="form-preview-consent">{draft.texts.consent}</p>}
      <span className="form-preview-button" style={{ background: c.accent, color: c.accentText }}>
        {draft.texts.button}
      </span>
    </div>
  );
  return (
    <section className="form-preview card" aria-labelledby="form-preview-title">
      <div className="form-preview-head">
        <h2 id="form-preview-title" className="section-title">
          Preview
        </h2>
        <div className="cluster" role="group" aria-label="Preview width">
          {(["desktop", "phone"] as const).map((w) => (
            <button key={w} type="button" className="btn btn-sm btn-secondary" aria-pressed={width === w} onClick={() => setWidth(w)}>
              {w === "desktop" ? "Desktop" : "Phone"}
            </button>
          ))}
        </div>
      </div>
      <div className={`form-preview-stage form-preview-${width} form-preview-mode-${draft.display.mode}`} aria-label="What visitors see">
        {draft.display.mode === "popup" ? (
          <div className="form-preview-page">
            <div className="form-preview-backdrop">{form}</div>
          </div>
        ) : draft.display.mode === "page" ? (
          <div className="form-preview-hosted">{form}</div>
        ) : (
          <div className="form-preview-page">
            <div className="form-preview-lines" aria-hidden="true" />
            {form}
            <div className="form-preview-lines" aria-hidden="true" />
          </div>
        )}
      </div>
      <p className="muted small">
        {draft.display.mode === "popup"
          ? draft.display.trigger?.type === "exitIntent"
            ? "Opens when the pointer leaves the page."
            : draft.display.trigger?.type === "scroll"
              ? `Opens once the visitor scrolled ${draft.display.trigger.percent}% of the page.`
              : `Opens ${draft.display.trigger?.type === "delay" ? draft.display.trigger.seconds : 5} seconds after the page loads.`
          : draft.display.mode === "page"
            ? "Its own page at the form's link."
            : "Drawn where you paste the snippet."}
      </p>
    </section>
  );
}
