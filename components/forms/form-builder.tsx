"use client";
// The form builder: what the form asks (fields), says (texts, consent), offers (topics), looks like
// (colours) and how it shows (inline, popup and its trigger, hosted page), with a live preview beside it;
// once saved, the hosted page's link and the snippet to paste, and the form's figures.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useReducer } from "react";
import { ApiError } from "@/lib/client/api-fetch";
import { CopyButton } from "@/components/ui/copy-button";
import { userMessage } from "@/components/ui/messages";
import { draftOf, draftReducer, FIELD_CHOICES, inputOf, NEW_DRAFT, type Draft, type DraftAction, type Trigger } from "./form-draft";
import { FormPreview } from "./form-preview";
import { createForm, deleteForm, formKeys, getForm, listTopics, percent, updateForm, type Form } from "./forms-client";
import { LaneNotice } from "./lane-notice";
import "./forms.css";

export function FormBuilderPage({ id }: { id?: string }) {
  const form = useQuery({ queryKey: formKeys.detail(id ?? "new"), queryFn: () => getForm(id!), enabled: !!id });
  if (id && form.isPending)
    return (
      <p className="loading" role="status">
        Loading the form…
      </p>
    );
  if (id && form.isError)
    return (
      <div className="alert alert-error" role="alert">
        <p>Could not load the form: {userMessage(form.error)}</p>
      </div>
    );
  return <FormBuilder key={form.data?.updatedAt ?? "new"} saved={form.data ?? null} />;
}

const TEXTS: { key: keyof Draft["texts"]; label: string; long?: boolean; hint?: string }[] = [
  { key: "title", label: "Title" },
  { key: "description", label: "Description", long: true },
  { key: "button", label: "Button" },
  {
    key: "consent",
    label: "Consent text",
    long: true,
    hint: "Shown next to the button and kept, word for word, with each signup's consent record.",
  },
  { key: "success", label: "Message after signing up", long: true },
];
const COLOURS: { key: keyof Draft["colours"]; label: string }[] = [
  { key: "background", label: "Background colour" },
  { key: "text", label: "Text colour" },
  { key: "accent", label: "Button colour" },
  { key: "accentText", label: "Button text colour" },
];

function FormBuilder({ saved }: { saved: Form | null }) {
  const router = useRouter();
  const client = useQueryClient();
  const [draft, dispatch] = useReducer(draftReducer, saved ? draftOf(saved) : NEW_DRAFT);
  const topics = useQuery({ queryKey: formKeys.topics, queryFn: listTopics });
  const save = useMutation({
    mutationFn: () => (saved ? updateForm(saved.id, inputOf(draft)) : createForm(inputOf(draft))),
    onSuccess: (form) => {
      client.invalidateQueries({ queryKey: formKeys.all });
      if (!saved) router.push(`/forms/${form.id}`);
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteForm(saved!.id),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: formKeys.all });
      router.push("/forms");
    },
  });
  const error = save.error instanceof ApiError ? save.error : null;
  const fieldError = (pointer: string) => error?.errors.find((e) => e.pointer === pointer || e.pointer.startsWith(`${pointer}/`))?.message;

  return (
    <div className="stack-lg">
      <div className="page-header page-header-row">
        <div>
          <p className="breadcrumb">
            <Link href="/forms">Forms</Link>
          </p>
          <h1 className="page-title">{saved ? saved.name : "New form"}</h1>
        </div>
        <div className="cluster">
          {saved && (
            <button
              type="button"
              className="btn btn-danger-ghost"
              onClick={() => window.confirm(`Delete “${saved.name}”? Its page and snippet stop working.`) && remove.mutate()}
            >
              Delete
            </button>
          )}
          <button type="submit" form="form-builder" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? "Saving…" : saved ? "Save changes" : "Create form"}
          </button>
        </div>
      </div>
      {save.isError && (
        <div className="alert alert-error" role="alert">
          <p>Could not save the form: {userMessage(save.error)}</p>
          {error && error.errors.length > 0 && (
            <ul>
              {error.errors.map((e) => (
                <li key={e.pointer}>
                  {e.pointer.slice(1).replace(/\//g, " → ")}: {e.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {save.isSuccess && saved && (
        <p className="alert alert-success" role="status">
          Saved.
        </p>
      )}
      {saved && <Published form={saved} />}
      <div className="form-builder">
        <form
          id="form-builder"
          className="stack-lg form-builder-settings"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
          noValidate
        >
          <Basics draft={draft} dispatch={dispatch} nameError={fieldError("/name")} />
          <Fields draft={draft} dispatch={dispatch} />
          <Texts draft={draft} dispatch={dispatch} />
          <fieldset className="fieldset card">
            <legend className="section-title">Topics</legend>
            {topics.data && topics.data.length > 0 ? (
              <>
                <p className="hint">The topics people may choose when they sign up (all ticked by default).</p>
                {topics.data.map((t) => (
                  <label key={t.id} className="checkbox">
                    <input
                      type="checkbox"
                      checked={draft.topicIDs.includes(t.id)}
                      onChange={(e) => dispatch({ type: "toggleTopic", id: t.id, on: e.target.checked })}
                    />
                    {t.name}
                  </label>
                ))}
              </>
            ) : (
              <p className="muted">No subscription topics yet: signups subscribe to your marketing email.</p>
            )}
          </fieldset>
          <fieldset className="fieldset card">
            <legend className="section-title">Colours</legend>
            <div className="form-builder-colours">
              {COLOURS.map((c) => (
                <div className="field" key={c.key}>
                  <label className="label" htmlFor={`colour-${c.key}`}>
                    {c.label}
                  </label>
                  <input
                    id={`colour-${c.key}`}
                    type="color"
                    className="form-builder-colour"
                    value={draft.colours[c.key]}
                    onChange={(e) => dispatch({ type: "colour", key: c.key, value: e.target.value })}
                  />
                </div>
              ))}
            </div>
          </fieldset>
          <Display draft={draft} dispatch={dispatch} />
        </form>
        <FormPreview draft={draft} topics={topics.data ?? []} />
      </div>
    </div>
  );
}

type Part = { draft: Draft; dispatch: (action: DraftAction) => void };

function Basics({ draft, dispatch, nameError }: Part & { nameError?: string }) {
  return (
    <fieldset className="fieldset card">
      <legend className="section-title">Form</legend>
      <div className="field">
        <label className="label" htmlFor="form-name">
          Name
        </label>
        <input
          id="form-name"
          className="input"
          value={draft.name}
          maxLength={200}
          required
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? "form-name-error" : "form-name-hint"}
          onChange={(e) => dispatch({ type: "set", key: "name", value: e.target.value })}
        />
        <p id="form-name-hint" className="hint">
          For you; visitors see the title.
        </p>
        {nameError && (
          <p id="form-name-error" className="field-error">
            {nameError}
          </p>
        )}
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.doubleOptIn}
          onChange={(e) => dispatch({ type: "set", key: "doubleOptIn", value: e.target.checked })}
        />
        Double opt-in: people confirm from their inbox before they are subscribed (recommended)
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.status === "active"}
          onChange={(e) => dispatch({ type: "set", key: "status", value: e.target.checked ? "active" : "paused" })}
        />
        Taking signups (a paused form&apos;s page and snippet show nothing)
      </label>
    </fieldset>
  );
}

function Fields({ draft, dispatch }: Part) {
  return (
    <fieldset className="fieldset card">
      <legend className="section-title">Fields</legend>
      <p className="hint">Email is always asked for. Add the contact properties you want.</p>
      <div className="cluster">
        {FIELD_CHOICES.map((c) => (
          <label key={c.name} className="checkbox">
            <input
              type="checkbox"
              checked={draft.fields.some((f) => f.name === c.name)}
              onChange={(e) => dispatch({ type: "toggleField", name: c.name, on: e.target.checked })}
            />
            {c.label}
          </label>
        ))}
      </div>
      <ol className="plain-list stack-xs form-builder-fields">
        {draft.fields.map((f, i) => (
          <li key={f.name} className="form-builder-field">
            <div className="field grow">
              <label className="label" htmlFor={`label-${f.name}`}>
                Label of {f.name === "email" ? "the email" : FIELD_CHOICES.find((c) => c.name === f.name)?.label.toLowerCase()} field
              </label>
              <input
                id={`label-${f.name}`}
                className="input"
                value={f.label}
                maxLength={100}
                onChange={(e) => dispatch({ type: "field", name: f.name, label: e.target.value })}
              />
            </div>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={f.required}
                disabled={f.name === "email"}
                onChange={(e) => dispatch({ type: "field", name: f.name, required: e.target.checked })}
              />
              Required
            </label>
            {f.name !== "email" && (
              <span className="cluster">
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={i <= 1}
                  aria-label={`Move ${f.label} up`}
                  onClick={() => dispatch({ type: "moveField", name: f.name, by: -1 })}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={i === draft.fields.length - 1}
                  aria-label={`Move ${f.label} down`}
                  onClick={() => dispatch({ type: "moveField", name: f.name, by: 1 })}
                >
                  ↓
                </button>
              </span>
            )}
          </li>
        ))}
      </ol>
    </fieldset>
  );
}

function Texts({ draft, dispatch }: Part) {
  return (
    <fieldset className="fieldset card">
      <legend className="section-title">Texts</legend>
      {TEXTS.map((t) => (
        <div className="field" key={t.key}>
          <label className="label" htmlFor={`text-${t.key}`}>
            {t.label}
          </label>
          {t.long ? (
            <textarea
              id={`text-${t.key}`}
              className="input"
              rows={2}
              value={draft.texts[t.key]}
              aria-describedby={t.hint ? `text-${t.key}-hint` : undefined}
              onChange={(e) => dispatch({ type: "text", key: t.key, value: e.target.value })}
            />
          ) : (
            <input
              id={`text-${t.key}`}
              className="input"
              value={draft.texts[t.key]}
              onChange={(e) => dispatch({ type: "text", key: t.key, value: e.target.value })}
            />
          )}
          {t.hint && (
            <p id={`text-${t.key}-hint`} className="hint">
              {t.hint}
            </p>
          )}
        </div>
      ))}
    </fieldset>
  );
}

const MODES = [
  { mode: "inline", label: "Inline", hint: "in your page, where you paste the snippet" },
  { mode: "popup", label: "Popup", hint: "over your page, on a trigger" },
  { mode: "page", label: "Hosted page", hint: "its own page at the form's link" },
] as const;

function Display({ draft, dispatch }: Part) {
  const trigger = draft.display.trigger;
  const setTrigger = (t: Trigger) => dispatch({ type: "trigger", trigger: t });
  return (
    <fieldset className="fieldset card">
      <legend className="section-title">Display</legend>
      {MODES.map((m) => (
        <label key={m.mode} className="checkbox">
          <input
            type="radio"
            name="mode"
            checked={draft.display.mode === m.mode}
            onChange={() => dispatch({ type: "mode", mode: m.mode })}
          />
          {m.label} <span className="muted">({m.hint})</span>
        </label>
      ))}
      {draft.display.mode === "popup" && trigger && (
        <div className="form-row">
          <div className="field">
            <label className="label" htmlFor="trigger-type">
              Opens
            </label>
            <select
              id="trigger-type"
              className="input"
              value={trigger.type}
              onChange={(e) =>
                setTrigger(
                  e.target.value === "delay"
                    ? { type: "delay", seconds: 5 }
                    : e.target.value === "scroll"
                      ? { type: "scroll", percent: 50 }
                      : { type: "exitIntent" },
                )
              }
            >
              <option value="delay">After a delay</option>
              <option value="exitIntent">When the visitor is about to leave</option>
              <option value="scroll">After scrolling</option>
            </select>
          </div>
          {trigger.type === "delay" && (
            <div className="field">
              <label className="label" htmlFor="trigger-seconds">
                Seconds
              </label>
              <input
                id="trigger-seconds"
                className="input"
                type="number"
                min={0}
                max={3600}
                value={trigger.seconds}
                onChange={(e) =>
                  setTrigger({ type: "delay", seconds: Math.max(0, Math.min(3600, Math.round(Number(e.target.value) || 0))) })
                }
              />
            </div>
          )}
          {trigger.type === "scroll" && (
            <div className="field">
              <label className="label" htmlFor="trigger-percent">
                Percent of the page
              </label>
              <input
                id="trigger-percent"
                className="input"
                type="number"
                min={1}
                max={100}
                value={trigger.percent}
                onChange={(e) =>
                  setTrigger({ type: "scroll", percent: Math.max(1, Math.min(100, Math.round(Number(e.target.value) || 1))) })
                }
              />
            </div>
          )}
        </div>
      )}
    </fieldset>
  );
}

function Published({ form }: { form: Form }) {
  const f = form.figures;
  const dropped = Object.entries(f.dropped);
  return (
    <section className="card stack" aria-labelledby="published-title">
      <h2 id="published-title" className="section-title">
        On your website
      </h2>
      <LaneNotice lane={form.confirmationLane} />
      <div className="field">
        <label className="label" htmlFor="public-url">
          Hosted page
        </label>
        <div className="copy-row">
          <input id="public-url" className="input input-mono" readOnly value={form.publicURL} />
          <CopyButton value={form.publicURL} label="Copy link" />
          <a className="btn btn-secondary" href={form.publicURL} target="_blank" rel="noreferrer">
            Open
          </a>
        </div>
      </div>
      <div className="field">
        <label className="label" htmlFor="embed-snippet">
          Snippet to paste into your website
        </label>
        <div className="copy-row">
          <textarea id="embed-snippet" className="input input-mono" readOnly rows={2} value={form.embedSnippet} />
          <CopyButton value={form.embedSnippet} label="Copy snippet" />
        </div>
      </div>
      <dl className="form-figures">
        <div>
          <dt>Views</dt>
          <dd>{f.views}</dd>
        </div>
        <div>
          <dt>Submissions</dt>
          <dd>{f.submissions}</dd>
        </div>
        <div>
          <dt>Confirmed</dt>
          <dd>{f.confirmations}</dd>
        </div>
        <div>
          <dt>Conversion</dt>
          <dd>{percent(f.conversion)}</dd>
        </div>
        <div>
          <dt>Bots dropped</dt>
          <dd>{dropped.length ? dropped.map(([reason, n]) => `${n} (${reason})`).join(", ") : 0}</dd>
        </div>
      </dl>
    </section>
  );
}
