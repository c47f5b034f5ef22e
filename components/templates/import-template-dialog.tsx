"use client";
// Import HTML: paste it or pick a file, choose to keep it as it is (one HTML code block, the API's default)
// or to turn it into editable blocks; the upload shows its progress and the API's errors, then what the
// import made of it (the answer's importSummary) before the editor opens.
import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { Control } from "@/components/ui/control";
import { ErrorSummary } from "@/components/ui/error-summary";
import { Field } from "@/components/ui/field";
import { IMPORT_CHOICES } from "@/components/ui/messages";
import { useFieldErrors, type FormField } from "@/components/ui/use-field-errors";
import { importHtml, type ImportedTemplate, type ImportInto } from "./import-html";
import { ImportSummaryView } from "./import-summary";
import type { TemplateRecord } from "./templates-api";

const MAX_BYTES = 1024 * 1024;
const FIELDS: Record<string, FormField> = { name: { label: "Name", id: "import-name" }, html: { label: "HTML", id: "import-html" } };

export function ImportTemplateDialog({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported: (t: TemplateRecord) => void;
}) {
  const [name, setName] = useState("");
  const [html, setHtml] = useState("");
  const [into, setInto] = useState<ImportInto>("html");
  const [fileName, setFileName] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [imported, setImported] = useState<ImportedTemplate | null>(null);
  const busy = progress !== null;
  const { errorOf, edited, summary } = useFieldErrors(error, FIELDS, { before: "the HTML can be imported" });
  if (imported) {
    const close = () => {
      // The next import starts afresh.
      setImported(null);
      setName("");
      setHtml("");
      setInto("html");
      setFileName(null);
      onClose();
    };
    return (
      <Dialog open={open} onClose={close} title="Import HTML">
        <ImportSummaryView template={imported} onOpen={() => onImported(imported)} />
      </Dialog>
    );
  }
  return (
    <Dialog open={open} onClose={onClose} title="Import HTML">
      <form
        className="stack"
        onSubmit={async (e) => {
          e.preventDefault();
          setError(null);
          setProgress(0);
          try {
            setImported(await importHtml(name.trim(), html, into, setProgress));
          } catch (err) {
            setError(err);
          } finally {
            setProgress(null);
          }
        }}
      >
        <ErrorSummary id="import-errors" summary={summary} focusOn={error} />
        <Field
          id="import-name"
          name="name"
          label="Name"
          required
          maxLength={255}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            edited("name");
          }}
          error={errorOf("name")}
        />
        <div className="field">
          <label className="label" htmlFor="import-file">
            HTML file
          </label>
          <input
            id="import-file"
            className="input"
            type="file"
            accept=".html,.htm,text/html"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              setLocalError(null);
              if (!file) return;
              if (file.size > MAX_BYTES) {
                setLocalError(`${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is 1 MB.`);
                return;
              }
              setHtml(await file.text());
              setFileName(file.name);
              // The name as it is now: one typed while the file was being read is kept.
              setName((current) => (current.trim() ? current : file.name.replace(/\.html?$/i, "")));
            }}
          />
          <p className="hint">
            {fileName ? `Loaded ${fileName}. You can still edit the HTML below.` : "Or paste the HTML below. Up to 1 MB."}
          </p>
          {localError && <p className="field-error">{localError}</p>}
        </div>
        <Control id="import-html" label="HTML" error={errorOf("html")}>
          {(control) => (
            <textarea
              {...control}
              className="input input-mono"
              rows={8}
              value={html}
              onChange={(e) => {
                setHtml(e.target.value);
                edited("html");
              }}
              required
            />
          )}
        </Control>
        <fieldset className="tpl-import-choice">
          <legend className="label">{IMPORT_CHOICES.legend}</legend>
          {(["html", "blocks"] as const).map((choice) => (
            <div key={choice} className="tpl-import-option">
              <input
                type="radio"
                id={`import-into-${choice}`}
                name="into"
                value={choice}
                checked={into === choice}
                onChange={() => setInto(choice)}
                aria-describedby={`import-into-${choice}-hint`}
              />
              <label htmlFor={`import-into-${choice}`}>{IMPORT_CHOICES[choice].label}</label>
              <p id={`import-into-${choice}-hint`} className="hint">
                {IMPORT_CHOICES[choice].hint}
              </p>
            </div>
          ))}
        </fieldset>
        {busy && (
          <div className="field">
            <label className="label" htmlFor="import-progress">
              Uploading
            </label>
            <progress id="import-progress" max={1} value={progress ?? 0} aria-valuetext={`${Math.round((progress ?? 0) * 100)}%`} />
          </div>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || !name.trim() || !html}>
            {busy ? "Importing…" : "Import"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
