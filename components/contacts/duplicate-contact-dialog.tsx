"use client";
// The question "Add contact" asks when the email or phone already belongs to someone: open their
// profile, update them with what was typed (the changes listed first), or go back to the form.
import Link from "next/link";
import { Dialog } from "@/components/ui/dialog";
import { displayName } from "./contacts-client";
import type { FieldChange } from "./duplicate-contact";
import type { Contact } from "./types";
import "./contacts.css";

export type Duplicate = { contact: Contact; type: "email" | "phone"; value: string; changes: FieldChange[] };

type Props = { duplicate: Duplicate | null; updating: boolean; onUpdate: () => void; onCancel: () => void };

export function DuplicateContactDialog({ duplicate, updating, onUpdate, onCancel }: Props) {
  const name = duplicate ? displayName(duplicate.contact) : "";
  return (
    <Dialog
      open={duplicate !== null}
      onClose={onCancel}
      role="alertdialog"
      title={duplicate ? `This ${duplicate.type === "email" ? "email" : "phone number"} belongs to ${name}` : ""}
    >
      {duplicate && (
        <div className="stack">
          <p>
            <strong>{duplicate.value}</strong> is already on {name}&apos;s profile. Saving would update {name} rather than add someone new.
          </p>
          {duplicate.changes.length === 0 ? (
            <p className="muted">Nothing you typed differs from what {name} already has.</p>
          ) : (
            <table className="table diff-table">
              <caption className="visually-hidden">What changes on {name}</caption>
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Now</th>
                  <th scope="col">After the update</th>
                </tr>
              </thead>
              <tbody>
                {duplicate.changes.map((c) => (
                  <tr key={c.field}>
                    <th scope="row">{c.field}</th>
                    <td>
                      <del>{c.before}</del>
                    </td>
                    <td>
                      <ins>{c.after}</ins>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={onCancel}>
              Cancel
            </button>
            <Link className="btn btn-secondary" href={`/contacts/${duplicate.contact.id}`}>
              Open {name}&apos;s profile
            </Link>
            <button type="button" className="btn btn-primary" onClick={onUpdate} disabled={updating} autoFocus>
              {updating ? "Updating…" : `Update ${name}`}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
