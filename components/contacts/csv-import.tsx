"use client";
// CSV import: choose a file, map its columns to contact fields (guessed from the headers), check a
// preview, then import in batches of 500 with a progress bar; rows the API refuses are listed with
// their reasons and can be downloaded as a CSV report (the original cells plus a "reason" column).
import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import Papa from "papaparse";
import { useId, useRef, useState } from "react";
import { formatCount, formatNumber } from "@/components/ui/format";
import { fieldMessage, userMessage } from "@/components/ui/messages";
import { apiFetch, type ApiFieldError } from "@/lib/client/api-fetch";
import { contactKeys } from "./contacts-client";
import { guessField, IMPORT_FIELDS, rowToContact, type ImportField } from "./import-mapping";
import "./contacts.css";

const BATCH = 500;
const PREVIEW = 5;

type Parsed = { name: string; headers: string[]; rows: string[][] };
type Rejected = { row: number; cells: string[]; reasons: string[] };
type Progress = { done: number; created: number; updated: number; rejected: Rejected[]; finished: boolean; error?: string };

function reportCsv(parsed: Parsed, rejected: Rejected[]): string {
  return Papa.unparse([["row", ...parsed.headers, "reason"], ...rejected.map((r) => [String(r.row), ...r.cells, r.reasons.join(" ")])], {
    escapeFormulae: true,
    newline: "\r\n",
  });
}

export function CsvImport() {
  const id = useId();
  const queryClient = useQueryClient();
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [mapping, setMapping] = useState<ImportField[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const cancelled = useRef(false);

  const onFile = (file: File | undefined) => {
    setFileError(null);
    setProgress(null);
    if (!file) return;
    Papa.parse<string[]>(file, {
      skipEmptyLines: "greedy",
      complete: (result) => {
        const [headers, ...rows] = result.data;
        if (!headers || rows.length === 0) {
          setFileError("This file has no rows under its header line. Check that it is a CSV file with one contact per line.");
          setParsed(null);
          return;
        }
        setParsed({ name: file.name, headers: headers.map((h) => h.trim()), rows });
        setMapping(headers.map(guessField));
      },
      error: (error) => setFileError(`This file could not be read: ${error.message}`),
    });
  };

  const hasIdentifier = mapping.includes("email") || mapping.includes("phone");
  const start = async () => {
    if (!parsed) return;
    cancelled.current = false;
    const state: Progress = { done: 0, created: 0, updated: 0, rejected: [], finished: false };
    setProgress({ ...state });
    for (let offset = 0; offset < parsed.rows.length && !cancelled.current; offset += BATCH) {
      const slice = parsed.rows.slice(offset, offset + BATCH);
      // Row numbers as a spreadsheet shows them: the header is row 1.
      const rows = slice.map((cells, i) => ({ row: offset + i + 2, contact: rowToContact(parsed.headers, mapping, cells) }));
      try {
        const result = await apiFetch<{ created: number; updated: number; rejected: { row: number; errors: ApiFieldError[] }[] }>(
          "/api/contacts/imports",
          { method: "POST", body: { rows } },
        );
        state.created += result.created;
        state.updated += result.updated;
        for (const r of result.rejected)
          state.rejected.push({ row: r.row, cells: parsed.rows[r.row - 2] ?? [], reasons: r.errors.map((e) => fieldMessage(e)) });
      } catch (error) {
        state.error = `The import stopped at row ${offset + 2}: ${userMessage(error)} Rows before it were imported.`;
        break;
      }
      state.done = Math.min(offset + BATCH, parsed.rows.length);
      setProgress({ ...state, rejected: [...state.rejected] });
    }
    state.finished = true;
    setProgress({ ...state, rejected: [...state.rejected] });
    await queryClient.invalidateQueries({ queryKey: contactKeys.all });
  };

  const downloadReport = () => {
    if (!parsed || !progress) return;
    const url = URL.createObjectURL(new Blob(["\uFEFF" + reportCsv(parsed, progress.rejected)], { type: "text/csv" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `rejected-rows-${parsed.name.replace(/\.csv$/i, "")}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  const running = progress !== null && !progress.finished;
  return (
    <div className="stack">
      <section className="card stack" aria-labelledby={`${id}-file-title`}>
        <h2 id={`${id}-file-title`} className="card-title">
          1. Choose a CSV file
        </h2>
        <div className="field">
          <label className="label" htmlFor={`${id}-file`}>
            CSV file
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            className="input"
            disabled={running}
            onChange={(e) => onFile(e.target.files?.[0])}
            aria-describedby={`${id}-file-hint`}
          />
          <p id={`${id}-file-hint`} className="hint">
            The first line names the columns. Contacts that already exist (same email, or same phone) are updated.
          </p>
          {fileError && (
            <p role="alert" className="field-error">
              {fileError}
            </p>
          )}
        </div>
      </section>

      {parsed && (
        <section className="card stack" aria-labelledby={`${id}-map-title`}>
          <h2 id={`${id}-map-title`} className="card-title">
            2. Match the columns ({formatCount(parsed.rows.length, "row", "rows")} in {parsed.name})
          </h2>
          <div className="table-wrap import-map">
            <table className="table table-compact">
              <caption className="visually-hidden">Columns and the contact field each one fills, with a preview of the first rows</caption>
              <thead>
                <tr>
                  <th scope="col">Column</th>
                  <th scope="col">Imports as</th>
                  {parsed.rows.slice(0, PREVIEW).map((_, i) => (
                    <th key={i} scope="col">
                      Row {i + 2}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {parsed.headers.map((header, c) => (
                  <tr key={c}>
                    <th scope="row">{header || <span className="muted">(no name)</span>}</th>
                    <td>
                      <label className="visually-hidden" htmlFor={`${id}-map-${c}`}>
                        Field for column {header}
                      </label>
                      <select
                        id={`${id}-map-${c}`}
                        className="input"
                        value={mapping[c]}
                        disabled={running}
                        onChange={(e) => setMapping((m) => m.map((f, n) => (n === c ? (e.target.value as ImportField) : f)))}
                      >
                        {IMPORT_FIELDS.map((f) => (
                          <option key={f.value} value={f.value}>
                            {f.label}
                          </option>
                        ))}
                      </select>
                    </td>
                    {parsed.rows.slice(0, PREVIEW).map((row, r) => (
                      <td key={r} className="cell-truncate">
                        {row[c] ?? ""}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {!hasIdentifier && (
            <p role="alert" className="field-error">
              Match a column to Email or Phone: contacts are found and created by their email or phone.
            </p>
          )}
          <div className="form-row">
            <button type="button" className="btn btn-primary" disabled={!hasIdentifier || running} onClick={start}>
              Import {formatCount(parsed.rows.length, "contact", "contacts")}
            </button>
            {running && (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  cancelled.current = true;
                }}
              >
                Stop
              </button>
            )}
          </div>
        </section>
      )}

      {progress && parsed && (
        <section className="card stack" aria-labelledby={`${id}-progress-title`}>
          <h2 id={`${id}-progress-title`} className="card-title">
            3. {progress.finished ? "Import finished" : "Importing…"}
          </h2>
          <progress max={parsed.rows.length} value={progress.done} aria-label="Rows imported" className="progress-wide" />
          <p role="status">
            {formatCount(progress.done, "row", "rows")} of {formatNumber(parsed.rows.length)} done:{" "}
            {formatCount(progress.created, "contact", "contacts")} added, {formatCount(progress.updated, "contact", "contacts")} updated,{" "}
            {formatCount(progress.rejected.length, "row", "rows")} rejected.
          </p>
          {progress.error && (
            <p role="alert" className="field-error">
              {progress.error}
            </p>
          )}
          {progress.rejected.length > 0 && (
            <>
              <div className="table-wrap">
                <table className="table table-compact">
                  <caption>Rejected rows</caption>
                  <thead>
                    <tr>
                      <th scope="col">Row</th>
                      <th scope="col">Why</th>
                    </tr>
                  </thead>
                  <tbody>
                    {progress.rejected.slice(0, 50).map((r) => (
                      <tr key={r.row}>
                        <th scope="row">{r.row}</th>
                        <td>{r.reasons.join(" ")}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {progress.rejected.length > 50 && (
                <p className="muted">The first 50 are shown; the report has all {formatNumber(progress.rejected.length)}.</p>
              )}
              <button type="button" className="btn btn-secondary" onClick={downloadReport}>
                Download rejected rows (CSV)
              </button>
            </>
          )}
          {progress.finished && <Link href="/contacts">Go to contacts</Link>}
        </section>
      )}
    </div>
  );
}
