// The notice after a contact was erased: what went, and the audit line that was kept (who, when, its
// id), without anything that identifies the person.
import { formatCount } from "@/components/ui/format";
import { LocalDate } from "@/components/ui/local-date";
import type { Erasure } from "@/lib/contacts/erase-contact";
import "./contacts.css";

export function ErasureNotice({ erasure, byYou }: { erasure: Erasure; byYou: boolean }) {
  return (
    <div className="alert alert-success erasure-notice" role="status">
      <p>
        The contact was erased: {formatCount(erasure.identifiers, "email address or phone number", "email addresses and phone numbers")} and{" "}
        {formatCount(erasure.events, "event", "events")} removed, with their details, tags and history.
      </p>
      <p className="muted">
        Audit record {erasure.id}: erased {byYou ? "by you" : `by ${erasure.erasedBy}`} on <LocalDate value={erasure.erasedAt} withTime />.
      </p>
    </div>
  );
}
