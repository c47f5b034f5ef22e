// GET /email/unsubscribe/{token}: the page an email's unsubscribe link opens. It asks before acting
// (link scanners of mail providers open links; only the button's POST unsubscribes).
import type { Metadata } from "next";
import { LinkNotice } from "@/components/recipient-pages/link-notice";
import { linkSubject } from "@/lib/recipient-links/subscription";
import { LINK_PATHS } from "@/lib/recipient-links/recipient-links";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Unsubscribe" } };

type Props = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function UnsubscribePage({ params, searchParams }: Props) {
  const { token } = await params;
  const done = (await searchParams).done === "1";
  const subject = await linkSubject(token);
  if (subject.kind === "invalid" || subject.kind === "gone") return <LinkNotice subject={subject} action="unsubscribe" />;
  const preferences = `${LINK_PATHS.preferences}${token}`;
  const form = (
    <form method="post" action={`${LINK_PATHS.unsubscribe}${token}/confirm`}>
      <button type="submit" className="btn btn-primary">
        Unsubscribe
      </button>
    </form>
  );
  if (subject.kind !== "live") {
    return (
      <>
        <p className="eyebrow">{subject.brandName}</p>
        <h1 className="auth-title">{done ? "Nothing changed" : `Unsubscribe from ${subject.brandName} emails?`}</h1>
        <LinkNotice subject={subject} action="unsubscribe the recipient from all marketing emails of the brand" />
        {!done && form}
      </>
    );
  }
  const addresses = subject.emails.map((e) => e.address).join(", ");
  const unsubscribed = subject.emails.every((e) => e.status === "unsubscribed");
  return (
    <>
      <p className="eyebrow">{subject.brandName}</p>
      {done || unsubscribed ? (
        <>
          <h1 className="auth-title">You are unsubscribed</h1>
          <p role="status">
            <strong>{addresses}</strong> will get no more marketing emails from {subject.brandName}.
          </p>
          <p>
            Changed your mind? <a href={preferences}>Manage your subscription</a>
          </p>
        </>
      ) : (
        <>
          <h1 className="auth-title">Unsubscribe from {subject.brandName} emails?</h1>
          <p>
            <strong>{addresses}</strong> will no longer get marketing emails from {subject.brandName}.
          </p>
          {form}
          <p className="muted">
            Or <a href={preferences}>manage your subscription</a> instead.
          </p>
        </>
      )}
    </>
  );
}
