"use client";
// The merge-tag picker: one searchable list of the contact's fields, custom properties (the keys the
// brand's contacts carry, or any key typed) and system tags; a fallback for when the contact has no value.
import { useId, useMemo, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import {
  CONTACT_MERGE_TAGS,
  MERGE_TAG_GROUPS as GROUPS,
  SYSTEM_MERGE_TAGS,
  customPropertyTag,
  mergeTagByPath,
  type MergeTag,
} from "@/lib/templates/merge-tags";
import { useCustomPropertyKeys } from "../data/custom-property-keys";
import { SearchPicker, type PickOption } from "../panels/search-picker";

type Props = { open: boolean; onClose: () => void; onInsert: (tag: MergeTag, fallback: string | undefined) => void };

export function MergeTagDialog({ open, onClose, onInsert }: Props) {
  return (
    <Dialog open={open} onClose={onClose} title="Insert a merge tag" className="ed-tag-dialog">
      {open && <MergeTagForm onClose={onClose} onInsert={onInsert} />}
    </Dialog>
  );
}

function MergeTagForm({ onClose, onInsert }: Omit<Props, "open">) {
  const id = useId();
  const keys = useCustomPropertyKeys();
  const [chosen, setChosen] = useState<MergeTag | null>(null);
  const [fallback, setFallback] = useState("");
  const options = useMemo<PickOption[]>(
    () =>
      [...CONTACT_MERGE_TAGS, ...keys.map(customPropertyTag), ...SYSTEM_MERGE_TAGS].map((t: MergeTag) => ({
        value: t.path,
        label: t.label,
        group: GROUPS[t.group],
        description: t.description ?? (t.example ? `e.g. ${t.example}` : undefined),
      })),
    [keys],
  );
  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        e.stopPropagation();
        if (chosen) onInsert(chosen, chosen.kind === "text" ? fallback : undefined);
      }}
    >
      <SearchPicker
        label="Search contact details, custom properties and links"
        inline
        autoFocus
        options={options}
        placeholder="e.g. first name"
        extra={(q) =>
          /^[\w-]+$/.test(q) && !options.some((o) => o.label.toLowerCase() === q.toLowerCase())
            ? { value: customPropertyTag(q).path, label: `Custom property “${customPropertyTag(q).label}”`, group: GROUPS.custom }
            : null
        }
        onPick={(option) => setChosen(mergeTagByPath(option.value) ?? null)}
      />
      <p className="ed-tag-chosen" aria-live="polite">
        {chosen ? (
          <>
            Chosen: <strong>{chosen.label}</strong>
            {chosen.kind === "url" ? ` (adds a link “${chosen.linkText}”)` : ""}
          </>
        ) : (
          "Choose a tag from the list."
        )}
      </p>
      {chosen?.kind === "text" && (chosen.group === "contact" || chosen.group === "custom") && (
        <div className="field">
          <label className="label" htmlFor={`${id}-fallback`}>
            When the contact has no value, show
          </label>
          <input
            id={`${id}-fallback`}
            className="input"
            placeholder="e.g. there"
            value={fallback}
            onChange={(e) => setFallback(e.target.value)}
          />
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={!chosen}>
          Insert
        </button>
      </div>
    </form>
  );
}
