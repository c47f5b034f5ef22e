"use client";
// Button and text presets. Editing one writes the whole list into generalSettings (defaults included),
// so the required presets are always present; custom presets can be added and removed.
import { useState } from "react";
import type { GeneralSettings } from "../state/document";
import { newNodeId } from "../state/client-id";
import { useEditorStore } from "../state/store";
import { PRESET_STYLE_FIELDS } from "./field-specs";
import { FieldInput, Fields } from "./fields";

type Preset = NonNullable<GeneralSettings["buttonPresets"]>[number];

type Props = {
  title: string;
  listKey: "buttonPresets" | "textPresets";
  presets: readonly Preset[];
  required: string[];
  errors: Record<string, string>;
  listError?: string;
};

export function PresetsEditor({ title, listKey, presets, required, errors, listError }: Props) {
  const store = useEditorStore();
  const [open, setOpen] = useState<string | null>(null);
  const write = (next: Preset[], coalesce?: string) => store.dispatch({ type: "setGeneralSettings", patch: { [listKey]: next }, coalesce });
  const update = (index: number, preset: Preset, field: string) =>
    write(
      presets.map((p, i) => (i === index ? preset : p)),
      `${listKey}.${index}.${field}`,
    );
  return (
    <fieldset className="ed-group">
      <legend>{title}</legend>
      {listError && (
        <p className="ed-field-error" role="alert">
          {listError}
        </p>
      )}
      <ul className="ed-list">
        {presets.map((preset, index) => {
          const isRequired = required.includes(preset.id);
          const sub = (prefix: string) =>
            Object.fromEntries(
              Object.entries(errors)
                .filter(([k]) => k.startsWith(`${index}/${prefix}`))
                .map(([k, v]) => [k.slice(`${index}/${prefix}`.length), v]),
            );
          return (
            <li key={preset.id + index} className="ed-list-item">
              <button
                type="button"
                className="ed-link-button"
                aria-expanded={open === preset.id}
                onClick={() => setOpen(open === preset.id ? null : preset.id)}
              >
                {preset.name}
                {isRequired ? <span className="ed-muted"> (built in)</span> : null}
              </button>
              {open === preset.id && (
                <div className="ed-preset-fields">
                  <FieldInput
                    spec={{ key: "name", label: "Name", kind: "text", required: true }}
                    value={preset.name}
                    onChange={(v) => update(index, { ...preset, name: String(v ?? "") }, "name")}
                    error={errors[`${index}/name`]}
                  />
                  <Fields
                    specs={PRESET_STYLE_FIELDS}
                    values={preset.styles as Record<string, unknown>}
                    onChange={(k, v) => {
                      const styles = { ...preset.styles, [k]: v } as Record<string, unknown>;
                      if (v === undefined) delete styles[k];
                      update(index, { ...preset, styles: styles as Preset["styles"] }, `styles.${k}`);
                    }}
                    errors={Object.fromEntries(Object.entries(sub("styles/")))}
                  />
                  {!isRequired && (
                    <button type="button" className="ed-btn ed-btn-danger" onClick={() => write(presets.filter((_, i) => i !== index))}>
                      Remove this style
                    </button>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="ed-btn"
        onClick={() => {
          const id = `custom_${newNodeId().slice(-6)}`;
          write([...presets, { id, name: "My style", styles: { ...(presets[0]?.styles ?? {}) } }]);
          setOpen(id);
        }}
      >
        Add a style
      </button>
    </fieldset>
  );
}
