// GET /email/verify-sender/{token}: the page a sender address's confirmation link opens. It asks before
// acting (mail scanners open links; only the button's POST confirms).
import type { Metadata } from "next";
import { confirmationTarget } from "@/lib/delivery/senders/senders";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Confirm a sender address" } };

type Props = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function VerifySenderPage({ params, searchParams }: Props) {
  const { token } = await params;
  const done = (await searchParams).done === "1";
  const target = await confirmationTarget(token);
  if (!target)
    return (
      <>
        <h1 className="auth-title">This link does not work</h1>
        <p>It may have been cut off when it was copied, or a newer confirmation email replaced it. Open the link of the latest email.</p>
      </>
    );
  return (
    <>
      <p className="eyebrow">{target.brandName}</p>
      {target.verified || done ? (
        <>
          <h1 className="auth-title">Address confirmed</h1>
          <p role="status">
            {target.brandName} can now send email from <strong>{target.email}</strong>.
          </p>
        </>
      ) : (
        <>
          <h1 className="auth-title">Confirm {target.email}?</h1>
          <p>
            {target.brandName} wants to send email from <strong>{target.email}</strong>. Confirm only if this is your address and you agree.
          </p>
          <form method="post" action={`/email/verify-sender/${token}/confirm`}>
            <button type="submit" className="btn btn-primary">
              Confirm this address
            </button>
          </form>
        </>
      )}
    </>
  );
}
