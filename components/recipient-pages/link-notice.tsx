// What a recipient page says when its link cannot act: damaged, for a deleted contact, or from a test
// email or a preview (which never change anything).
import type { LinkSubject } from "@/lib/recipient-links/subscription";
import "@/components/ui/auth-card.css";

export function LinkNotice({ subject, action }: { subject: Exclude<LinkSubject, { kind: "live" }>; action: string }) {
  switch (subject.kind) {
    case "invalid":
      return (
        <>
          <h1 className="auth-title">This link does not work</h1>
          <p>It may have been cut off when it was copied. Open it again from the email, or reply to the email to ask the sender.</p>
        </>
      );
    case "gone":
      return (
        <>
          <h1 className="auth-title">Nothing to change</h1>
          <p>
            {subject.brandName ? `${subject.brandName} no longer has` : "The sender no longer has"} this email address on its list, so you
            will not get more emails from it.
          </p>
        </>
      );
    default:
      return (
        <div className="alert alert-info" role="note" data-testid="link-mode">
          <p>
            <strong>{subject.kind === "test" ? "This is a test email." : "This is a preview."}</strong> In a real email this page would{" "}
            {action}{" "}
            {subject.kind === "test" && subject.contactEmail ? (
              <>
                for <strong>{subject.contactEmail}</strong>
              </>
            ) : (
              "for the recipient"
            )}
            . Nothing changes here.
          </p>
        </div>
      );
  }
}
