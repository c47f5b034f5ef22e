// GET /email/preferences/{token}: where a recipient chooses whether the brand may email them.
import type { Metadata } from "next";
import { LinkNotice } from "@/components/recipient-pages/link-notice";
import { linkSubject } from "@/lib/recipient-links/subscription";
import { LINK_PATHS } from "@/lib/recipient-links/recipient-links";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Email preferences" } };

type Props = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PreferencesPage({ params, searchParams }: Props) {
  const { token } = await params;
  const saved = (await searchParams).saved === "1";
  const subject = await linkSubject(token);
  if (subject.kind === "invalid" || subject.kind === "gone")
    return <LinkNotice subject={subject} action="change the recipient's subscription" />;
  const subscribed = subject.kind === "live" ? subject.emails.some((e) => e.status === "subscribed") : true;
  const addresses = subject.kind === "live" ? subject.emails.map((e) => e.address).join(", ") : (subject.contactEmail ?? "the recipient");
  return (
    <>
      <p className="eyebrow">{subject.brandName}</p>
      <h1 className="auth-title">Email preferences</h1>
      {subject.kind !== "live" && <LinkNotice subject={subject} action="change the recipient's subscription" />}
      {saved && (
        <p className="alert alert-success" role="status">
          {subject.kind === "live" ? "Your choice is saved." : "Nothing changed: this was not a real email."}
        </p>
      )}
      <form method="post" action={`${LINK_PATHS.preferences}${token}/save`}>
        <fieldset className="field">
          <legend className="label">
            Emails from {subject.brandName} to <strong>{addresses}</strong>
          </legend>
          <label className="radio">
            <input type="radio" name="status" value="subscribed" defaultChecked={subscribed} /> Send me marketing emails
          </label>
          <label className="radio">
            <input type="radio" name="status" value="unsubscribed" defaultChecked={!subscribed} /> Unsubscribe me from all marketing emails
          </label>
        </fieldset>
        <button type="submit" className="btn btn-primary">
          Save my choice
        </button>
      </form>
    </>
  );
}
