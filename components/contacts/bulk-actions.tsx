"use client";
// Bulk actions on the selected contacts, or on every contact the filters match: add or remove a tag
// (through POST / DELETE /api/contacts/tags), unsubscribe from email after a confirmation (through POST
// /api/contacts/unsubscribe), 250 contacts a request with a progress bar, and export as CSV (streamed by
// /api/contacts/export).
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { apiFetch, SERVICE_VERSION } from "@/lib/client/api-fetch";
import { Dialog } from "@/components/ui/dialog";
import { formatCount } from "@/components/ui/format";
import { userMessage } from "@/components/ui/messages";
import { contactKeys, queryString, searchContacts, type ContactView } from "./contacts-client";

const PER_REQUEST = 250;

type Props = { view: ContactView; selected: ReadonlySet<string>; total: number; onDone: () => void };

/** Ids of every contact of the view, read before anything changes (a tag change can move contacts out of it). */
async function viewIds(view: ContactView, onProgress: (n: number) => void): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += PER_REQUEST) {
    const page = await searchContacts({ ...view, sort: "createdAt", direction: "asc", limit: PER_REQUEST }, offset);
    ids.push(...page.contacts.map((c) => c.id));
    onProgress(ids.length);
    if (page.contacts.length < PER_REQUEST) return ids;
  }
}

/** Downloads the CSV of a view or a selection. */
export async function downloadCsv(view: ContactView, ids?: string[]): Promise<void> {
  const query = ids ? queryString({ ids: ids.join(",") }) : queryString(view as Record<string, string>);
  const response = await fetch(`/api/contacts/export${query}`, { headers: { "Service-Version": SERVICE_VERSION }, credentials: "same-origin" });
  if (!response.ok) throw new Error("The export could not be made. Try again.");
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "contacts.csv";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function BulkActions({ view, selected, total, onDone }: Props) {
  const queryClient = useQueryClient();
  const id = useId();
  const [tag, setTag] = useState("");
  const [progress, setProgress] = useState<{ label: string; done: number; of: number } | null>(null);
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const [confirmUnsubscribe, setConfirmUnsubscribe] = useState(false);
  const scope = selected.size > 0 ? "selected" : "all";
  const count = selected.size > 0 ? selected.size : total;
  const busy = progress !== null;

  const run = async (label: string, work: () => Promise<string>) => {
    setMessage(null);
    setProgress({ label, done: 0, of: count });
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

  /** The contacts of the action (read before anything changes: a change can move contacts out of the view). */
  const targets = () => (scope === "selected" ? Promise.resolve([...selected]) : viewIds(view, (n) => setProgress((p) => p && { ...p, label: `Finding contacts (${n.toLocaleString()})` })));

  /** Sends the ids PER_REQUEST at a time, showing progress; the sum of what each request changed. */
  const inPages = async (label: string, ids: string[], send: (page: string[]) => Promise<number>) => {
    let changed = 0;
    setProgress({ label, done: 0, of: ids.length });
    for (let i = 0; i < ids.length; i += PER_REQUEST) {
      changed += await send(ids.slice(i, i + PER_REQUEST));
      setProgress({ label, done: Math.min(i + PER_REQUEST, ids.length), of: ids.length });
    }
    return changed;
  };

  const changeTag = (action: "add" | "remove") => {
    const label = action === "add" ? `Adding “${tag.trim()}”` : `Removing “${tag.trim()}”`;
    return run(label, async () => {
      const changed = await inPages(label, await targets(), async (page) =>
        (await apiFetch<{ contactsChanged: number }>("/api/contacts/tags", { method: action === "add" ? "POST" : "DELETE", body: { contactIDs: page, tags: [tag.trim()] } })).contactsChanged);
      return `${action === "add" ? "Tagged" : "Untagged"} ${formatCount(changed, "contact", "contacts")}.`;
    });
  };

  const unsubscribe = () => {
    setConfirmUnsubscribe(false);
    const label = "Unsubscribing";
    return run(label, async () => {
      const changed = await inPages(label, await targets(), async (page) =>
        (await apiFetch<{ contactsChanged: number }>("/api/contacts/unsubscribe", { method: "POST", body: { contactIDs: page } })).contactsChanged);
      return changed === 0
        ? "Nobody changed: they were unsubscribed already or have no email address."
        : `Unsubscribed ${formatCount(changed, "contact", "contacts")} from email.`;
    });
  };

  const exportCsv = () =>
    run("Preparing the CSV", async () => {
      await downloadCsv(view, scope === "selected" ? [...selected] : undefined);
      return `Exported ${formatCount(count, "contact", "contacts")}.`;
    });

  return (
    <div className="bulk-actions" role="group" aria-label="Bulk actions">
      <span className="muted">{scope === "selected" ? `${formatCount(selected.size, "selected", "selected")}:` : "All matching:"}</span>
      <label className="visually-hidden" htmlFor={`${id}-tag`}>Tag for the {scope === "selected" ? "selected contacts" : "matching contacts"}</label>
      <input id={`${id}-tag`} className="input input-sm" placeholder="Tag" value={tag} onChange={(e) => setTag(e.target.value)} disabled={busy} />
      <button type="button" className="btn btn-secondary btn-sm" disabled={busy || !tag.trim() || count === 0} onClick={() => changeTag("add")}>
        Add tag
      </button>
      <button type="button" className="btn btn-secondary btn-sm" disabled={busy || !tag.trim() || count === 0} onClick={() => changeTag("remove")}>
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
          {progress.label}
          {progress.of > 0 && <progress max={progress.of} value={progress.done} aria-label={progress.label} />}
        </span>
      )}
      {message && (
        <span role={message.tone === "error" ? "alert" : "status"} className={message.tone === "error" ? "field-error" : "muted"}>
          {message.text}
        </span>
      )}
      <Dialog open={confirmUnsubscribe} onClose={() => setConfirmUnsubscribe(false)} title={`Unsubscribe ${formatCount(count, "contact", "contacts")} from email?`} role="alertdialog">
        <div className="stack">
          <p>
            {scope === "selected" ? "The selected contacts" : "Every contact matching the current search and filters"} will stop receiving marketing email.
            Each contact&apos;s status history records the change.
          </p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setConfirmUnsubscribe(false)} autoFocus>
              Cancel
            </button>
            <button type="button" className="btn btn-danger" onClick={() => void unsubscribe()}>
              Unsubscribe {formatCount(count, "contact", "contacts")}
            </button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
