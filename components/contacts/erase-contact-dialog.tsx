"use client";
// Erasing a contact (GDPR): a confirmation that names what goes and asks the marketer to type the
// contact's name or address, then POST /api/contacts/{id}/erasure and back to the list with a notice
// that names the audit line, never the person (an address bar ends up in history, logs and referrers).
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { userMessage } from "@/components/ui/messages";
import { apiFetch } from "@/lib/client/api-fetch";
import type { Erasure } from "@/lib/contacts/erase-contact";
import { contactKeys, displayName } from "./contacts-client";
import type { Contact } from "./types";

export function EraseContactButton({ contact }: { contact: Contact }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const router = useRouter();
  const queryClient = useQueryClient();
  const id = useId();
  const name = displayName(contact);
  const confirmWord = contact.email ?? contact.phone[0] ?? name;

  const erase = async () => {
    setBusy(true);
    setError(null);
    try {
      const erasure = await apiFetch<Erasure>(`/api/contacts/${encodeURIComponent(contact.id)}/erasure`, { method: "POST" });
      // Only the lists: the profile's own queries would refetch a contact that no longer exists (404s).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...contactKeys.all, "search"] }),
        queryClient.invalidateQueries({ queryKey: [...contactKeys.all, "list"] }),
      ]);
      router.push(`/contacts?erased=${encodeURIComponent(erasure.id)}`);
    } catch (e) {
      setError(userMessage(e));
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="btn btn-danger-ghost" onClick={() => setOpen(true)}>
        Erase contact
      </button>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
          setTyped("");
        }}
        role="alertdialog"
        title={`Erase ${name}?`}
      >
        <div className="stack">
          <p>
            This permanently deletes {name}, their emails and phone numbers, tags, consents, status history and every event they sent. It
            cannot be undone. A line recording that a contact was erased, when and by whom is kept, without their details.
          </p>
          <div className="field">
            <label className="label" htmlFor={`${id}-confirm`}>
              Type <strong>{confirmWord}</strong> to confirm
            </label>
            <input id={`${id}-confirm`} className="input" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
          </div>
          {error && (
            <p role="alert" className="field-error">
              {error}
            </p>
          )}
          <div className="dialog-actions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setOpen(false);
                setTyped("");
              }}
            >
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy || typed.trim().toLowerCase() !== confirmWord.toLowerCase()}
              onClick={erase}
            >
              {busy ? "Erasing…" : "Erase permanently"}
            </button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
