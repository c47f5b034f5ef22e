"use client";
// The link of the selected text: an address checked before it is set (web, mailto:, tel: or merge tags,
// alone or inside the address), and whether it opens in a new tab.
import { useId, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { CONTACT_MERGE_TAGS, SYSTEM_MERGE_TAGS, mergeTagText } from "@/lib/templates/merge-tags";
import { checkLink } from "./link-check";

export type LinkValue = { href: string; newTab: boolean };

type Props = { open: boolean; initial: LinkValue | null; onClose: () => void; onSave: (link: LinkValue) => void; onRemove: () => void };

const URL_TAGS = SYSTEM_MERGE_TAGS.filter((t) => t.kind === "url");

export function LinkDialog({ open, initial, onClose, onSave, onRemove }: Props) {
  return (
    <Dialog open={open} onClose={onClose} title={initial ? "Edit link" : "Add a link"}>
      {/* Remounted per opening, so the form starts from the link being edited. */}
      {open && <LinkForm initial={initial} onClose={onClose} onSave={onSave} onRemove={onRemove} />}
    </Dialog>
  );
}

function LinkForm({ initial, onClose, onSave, onRemove }: Omit<Props, "open">) {
  const id = useId();
  const [href, setHref] = useState(initial?.href ?? "");
  const [newTab, setNewTab] = useState(initial?.newTab ?? false);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        e.stopPropagation();
        const check = checkLink(href);
        if (!check.ok) return setError(check.message);
        onSave({ href: check.href, newTab });
      }}
    >
      <div className="field">
        <label className="label" htmlFor={`${id}-href`}>
          Web address
        </label>
        <input
          id={`${id}-href`}
          className="input"
          inputMode="url"
          autoFocus
          placeholder="https://"
          value={href}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          onChange={(e) => {
            setHref(e.target.value);
            setError(null);
          }}
        />
        <p id={`${id}-hint`} className="hint">
          A web page, mailto:someone@example.com, tel:+15550100, or a merge tag such as the contact&apos;s own page.
        </p>
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="field">
        <span className="label" id={`${id}-pages`}>
          Or link to
        </span>
        <div className="cluster" role="group" aria-labelledby={`${id}-pages`}>
          {URL_TAGS.map((t) => (
            <button key={t.path} type="button" className="btn btn-secondary btn-sm" onClick={() => setHref(mergeTagText(t.path))}>
              {t.label}
            </button>
          ))}
        </div>
      </div>
      <div className="field">
        <label className="label" htmlFor={`${id}-tag`}>
          Add a contact detail to the address
        </label>
        <select
          id={`${id}-tag`}
          className="input"
          value=""
          onChange={(e) => {
            if (e.target.value) setHref((h) => `${h}${mergeTagText(e.target.value)}`);
          }}
        >
          <option value="">Choose a detail…</option>
          {CONTACT_MERGE_TAGS.map((t) => (
            <option key={t.path} value={t.path}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      <label className="ed-check-row">
        <input type="checkbox" checked={newTab} onChange={(e) => setNewTab(e.target.checked)} /> Open in a new tab
      </label>
      <div className="dialog-actions">
        {initial && (
          <button type="button" className="btn btn-secondary" onClick={onRemove}>
            Remove link
          </button>
        )}
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary">
          {initial ? "Save link" : "Add link"}
        </button>
      </div>
    </form>
  );
}
