// Said on every dashboard page while Inkwell has no mail server (no SMTP_HOST): nothing is delivered.
import Link from "next/link";
import "./sending.css";

export function NoDeliveryNotice() {
  return (
    <p className="alert alert-warning no-delivery-notice" role="note" data-testid="no-delivery-notice">
      <strong>Nothing is delivered:</strong> Inkwell has no mail server set up, so every email it sends is kept in the{" "}
      <Link href="/outbox">Outbox</Link> instead. Set SMTP_HOST to deliver (see Settings → <Link href="/settings/sending">Sending</Link>).
    </p>
  );
}
