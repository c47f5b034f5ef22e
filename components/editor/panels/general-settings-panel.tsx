"use client";
// Settings of the whole email: canvas width (300-2000px), fonts, colours, logo, and the button and text
// presets (the required ones are always there; custom ones can be added).
import { useState } from "react";
import { DEFAULT_BUTTON_PRESETS, DEFAULT_TEXT_PRESETS } from "@/lib/templates/default-presets";
import { labelled } from "@/components/ui/messages";
import { useEditorUi } from "../editor-ui";
import type { GeneralSettings } from "../state/document";
import { useEditor, useEditorStore, useValue } from "../state/store";
import { GENERAL_SETTINGS_FIELDS } from "./field-specs";
import { withFields } from "./field-values";
import { FieldInput, Fields } from "./fields";
import { PresetsEditor } from "./presets-editor";

export const MIN_WIDTH = 300;
export const MAX_WIDTH = 2000;

type Errors = Record<string, string>;

export function GeneralSettingsPanel() {
  const store = useEditorStore();
  const ui = useEditorUi();
  const settings = useEditor((s) => s.doc.generalSettings) ?? {};
  const templateErrors = useValue(ui.errors, (m) => m.get(""));
  const errors: Errors = {};
  for (const e of templateErrors ?? []) errors[e.field.replace(/^generalSettings\//, "")] = e.message;
  const setGroupFields = (group: "content" | "body" | "logo", patch: Record<string, unknown>) => {
    const next = withFields(settings[group] as Record<string, unknown> | undefined, patch);
    store.dispatch({
      type: "setGeneralSettings",
      patch: { [group]: next } as Partial<GeneralSettings>,
      coalesce: `${group}.${Object.keys(patch).join(",")}`,
    });
  };
  const setGroup = (group: "content" | "body" | "logo", key: string, value: unknown) => setGroupFields(group, { [key]: value });
  const sub = (prefix: string): Errors =>
    Object.fromEntries(
      Object.entries(errors)
        .filter(([k]) => k.startsWith(`${prefix}/`))
        .map(([k, v]) => [k.slice(prefix.length + 1), v]),
    );
  return (
    <div className="ed-props" role="group" aria-label="General settings">
      <h2 className="ed-panel-title">General settings</h2>
      {errors.name && (
        <p className="ed-field-error" role="alert">
          {labelled("Template name", errors.name)}
        </p>
      )}
      <fieldset className="ed-group">
        <legend>Email</legend>
        <WidthField value={settings.content?.width} onChange={(v) => setGroup("content", "width", v)} error={errors["content/width"]} />
        <Fields
          specs={GENERAL_SETTINGS_FIELDS.content}
          values={settings.content as Record<string, unknown> | undefined}
          onChange={(k, v) => setGroup("content", k, v)}
          errors={sub("content")}
        />
      </fieldset>
      <fieldset className="ed-group">
        <legend>Around the email</legend>
        <Fields
          specs={GENERAL_SETTINGS_FIELDS.body}
          values={settings.body as Record<string, unknown> | undefined}
          onChange={(k, v) => setGroup("body", k, v)}
          onPatch={(patch) => setGroupFields("body", patch)}
          errors={sub("body")}
        />
      </fieldset>
      <fieldset className="ed-group">
        <legend>Logo</legend>
        <Fields
          specs={GENERAL_SETTINGS_FIELDS.logo}
          values={settings.logo as Record<string, unknown> | undefined}
          onChange={(k, v) => setGroup("logo", k, v)}
          errors={sub("logo")}
        />
      </fieldset>
      <PresetsEditor
        title="Button styles"
        listKey="buttonPresets"
        presets={settings.buttonPresets ?? DEFAULT_BUTTON_PRESETS}
        required={DEFAULT_BUTTON_PRESETS.map((p) => p.id)}
        errors={sub("buttonPresets")}
        listError={errors.buttonPresets}
      />
      <PresetsEditor
        title="Text styles"
        listKey="textPresets"
        presets={settings.textPresets ?? DEFAULT_TEXT_PRESETS}
        required={DEFAULT_TEXT_PRESETS.map((p) => p.id)}
        errors={sub("textPresets")}
        listError={errors.textPresets}
      />
    </div>
  );
}

/** The content width in px, kept within 300-2000px: out-of-range input is shown as an error and not applied. */
function WidthField({ value, onChange, error }: { value: string | undefined; onChange: (v: string | undefined) => void; error?: string }) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (value ? String(parseFloat(value)) : "600");
  const n = Number(shown);
  const invalid =
    draft !== null && (!Number.isFinite(n) || n < MIN_WIDTH || n > MAX_WIDTH)
      ? `Content width must be between ${MIN_WIDTH}px and ${MAX_WIDTH}px`
      : undefined;
  return (
    <FieldInput
      spec={{ key: "width", label: "Content width (px)", kind: "number", hint: `${MIN_WIDTH}-${MAX_WIDTH}px; 600px suits most inboxes` }}
      value={shown}
      error={invalid ?? error}
      onChange={(v) => {
        const text = v === undefined ? "" : String(v);
        setDraft(text);
        const num = Number(text);
        if (text !== "" && Number.isFinite(num) && num >= MIN_WIDTH && num <= MAX_WIDTH) {
          onChange(`${num}px`);
          setDraft(null);
        }
      }}
    />
  );
}
