"use client";
// Bulk actions on the selected contacts, or on every contact the search and filters match: add or remove
// a tag, unsubscribe from email after a confirmation, and export as CSV.
//  - A selection: its ids, 250 a request (POST / DELETE /api/contacts/tags, POST /api/contacts/unsubscribe),
//    with a progress bar.
//  - Every matching contact: one background job on the server (POST /api/contacts/jobs), which resolves the
//    view itself, its text matched in full (the search only counts the first 500 matches of a word); its
//    progress is in the jobs panel (components/contacts/bulk-jobs.tsx), and it goes on if the page is left.
//  - Export: streamed by POST /api/contacts/export, the contacts counted as they arrive.
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { apiFetch } from "@/lib/client/api-fetch";
import { Dialog } from "@/components/ui/dialog";
import { formatCount, formatNumber } from "@/components/ui/format";
import { userMessage } from "@/components/ui/messages";
import { bulkJobKeys, contactKeys, startViewJob, type BulkJob, type ContactView } from "./contacts-client";
import { downloadCsv } from "./download-csv";
import "./contacts.css";

const PER_REQUEST = 250;

type Props = {
  view: ContactView;
  selected: ReadonlySet<string>;
  /** Contacts of the view; with `capped`, a lower bound (the search counts a word's first matches only). */
  total: number;
  capped: boolean;
  onDone: () => void;
};

/** Where a run stands: `of` null when the size is not known (an indeterminate bar, not a stuck one). */
type Progress = { label: string; done: number; of: number | null };

export function BulkActions({ view, selected, total, capped, onDone }: Props) {
  const queryClient = useQueryClient();
  const id = useId();
  const [tag, setTag] = useState("");
  const [progress, setProgress] = useState<Progress | null>(null);
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const [confirmUnsubscribe, setConfirmUnsubscribe] = useState(false);
  const scope = selected.size > 0 ? "selected" : "all";
  const count = selected.size > 0 ? selected.size : total;
  // "12 contacts", or "more than 500 contacts" when the search stopped counting.
  const countText =
    scope === "all" && capped ? `more than ${formatCount(total, "contact", "contacts")}` : formatCount(count, "contact", "contacts");
  const busy = progress !== null;

  const run = async (label: string, of: number | null, work: () => Promise<string>) => {
    setMessage(null);
    setProgress({ label, done: 0, of });
    try {
      setMessage({ tone: "ok", text: await work() });
      onDone();
    } catch (error) {
      setMessage({ tone: "error", text: userMessage(error) });
    } finally {
      setProgress(null);
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
    }
  };

  /** Sends the selection PER_REQUEST ids at a time, showing progress; the sum of what each request changed. */
  const inPages = async (label: string, send: (page: string[]) => Promise<number>) => {
    const ids = [...selected];
    let changed = 0;
    for (let i = 0; i < ids.length; i += PER_REQUEST) {
      changed += await send(ids.slice(i, i + PER_REQUEST));
      setProgress({ label, done: Math.min(i + PER_REQUEST, ids.length), of: ids.length });
    }
    return changed;
  };

  /** Every matching contact: a job on the server, listed at once in the jobs panel. */
  const startJob = (label: string, request: { action: BulkJob["action"]; tags?: string[] }) =>
    run(label, null, async () => {
      const job = await startViewJob({ ...request, view });
      queryClient.setQueryData<BulkJob[]>(bulkJobKeys.list(), (jobs) => [job, ...(jobs ?? []).filter((j) => j.id !== job.id)]);
      void queryClient.invalidateQueries({ queryKey: bulkJobKeys.all });
      return "Started in the background: the jobs list shows its progress. You can leave this page.";
    });

  const changeTag = (action: "add" | "remove") => {
    const name = tag.trim();
    const label = action === "add" ? `Adding “${name}”` : `Removing “${name}”`;
    if (scope === "all") return startJob(label, { action, tags: [name] });
    return run(label, selected.size, async () => {
      const changed = await inPages(
        label,
        async (page) =>
          (
            await apiFetch<{ contactsChanged: number }>("/api/contacts/tags", {
              method: action === "add" ? "POST" : "DELETE",
              body: { contactIDs: page, tags: [name] },
            })
          ).contactsChanged,
      );
      return `${action === "add" ? "Tagged" : "Untagged"} ${formatCount(changed, "contact", "contacts")}.`;
    });
  };

  const unsubscribe = () => {
    setConfirmUnsubscribe(false);
    const label = "Unsubscribing";
    if (scope === "all") return startJob(label, { action: "unsubscribe" });
    return run(label, selected.size, async () => {
      const changed = await inPages(
        label,
        async (page) =>
          (await apiFetch<{ contactsChanged: number }>("/api/contacts/unsubscribe", { method: "POST", body: { contactIDs: page } }))
            .contactsChanged,
      );
      return changed === 0
        ? "Nobody changed: they were unsubscribed already or have no email address."
        : `Unsubscribed ${formatCount(changed, "contact", "contacts")} from email.`;
    });
  };

  const exportCsv = () => {
    const label = "Exporting";
    // The size is known for a selection and an uncapped view; a capped text search counts as it goes.
    const of = scope === "selected" ? selected.size : capped ? null : total;
    return run(label, of, async () => {
      let exported = 0;
      await downloadCsv(scope === "selected" ? { ids: [...selected] } : { view }, (n) => {
        exported = n;
        setProgress({ label, done: n, of: of === null ? null : Math.max(of, n) });
      });
      return `Exported ${formatCount(exported, "contact", "contacts")}.`;
    });
  };

  return (
    <div className="bulk-actions" role="group" aria-label="Bulk actions">
      <span className="muted">{scope === "selected" ? `${formatCount(selected.size, "selected", "selected")}:` : "All matching:"}</span>
      <label className="visually-hidden" htmlFor={`${id}-tag`}>
        Tag for the {scope === "selected" ? "selected contacts" : "matching contacts"}
      </label>
      <input
        id={`${id}-tag`}
        className="input input-sm"
        placeholder="Tag"
        value={tag}
        onChange={(e) => setTag(e.target.value)}
        disabled={busy}
      />
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={busy || !tag.trim() || count === 0}
        onClick={() => changeTag("add")}
      >
        Add tag
      </button>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={busy || !tag.trim() || count === 0}
        onClick={() => changeTag("remove")}
      >
        Remove tag
      </button>
      <button type="button" className="btn btn-secondary btn-sm" disabled={busy || count === 0} onClick={() => setConfirmUnsubscribe(true)}>
        Unsubscribe…
      </button>
      <button type="button" className="btn btn-secondary btn-sm" disabled={busy || count === 0} onClick={exportCsv}>
        Export CSV
      </button>
      {progress && (
        <span className="bulk-progress" role="status">
          {progress.of === null
            ? `${progress.label}${progress.done > 0 ? `: ${formatNumber(progress.done)} contacts so far` : "…"}`
            : `${progress.label}: ${formatNumber(progress.done)} of ${formatNumber(progress.of)}`}
          <progress max={progress.of ?? undefined} value={progress.of === null ? undefined : progress.done} aria-label={progress.label} />
        </span>
      )}
      {message && (
        <span role={message.tone === "error" ? "alert" : "status"} className={message.tone === "error" ? "field-error" : "muted"}>
          {message.text}
        </span>
      )}
      <Dialog
        open={confirmUnsubscribe}
        onClose={() => setConfirmUnsubscribe(false)}
        title={`Unsubscribe ${countText} from email?`}
        role="alertdialog"
      >
        <div className="stack">
          <p>
            {scope === "selected" ? "The selected contacts" : "Every contact matching the current search and filters"} will stop receiving
            marketing email. Each contact&apos;s status history records the change.
          </p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setConfirmUnsubscribe(false)} autoFocus>
              Cancel
            </button>
            <button type="button" className="btn btn-danger" onClick={() => void unsubscribe()}>
              {scope === "all" && capped ? "Unsubscribe every matching contact" : `Unsubscribe ${countText}`}
            </button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
