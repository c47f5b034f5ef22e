// GET /email/unsubscribe/{token}: the page an email's unsubscribe link opens. It asks before acting
// (link scanners of mail providers open links; only a button's POST unsubscribes). An email sent for a
// marketing topic offers to leave that topic, and all marketing email as the second choice.
import type { Metadata } from "next";
import { LinkNotice } from "@/components/recipient-pages/link-notice";
import { linkSubject } from "@/lib/recipient-links/subscription";
import { linkTopic, topicChoices } from "@/lib/recipient-links/topic-choices";
import { LINK_PATHS } from "@/lib/recipient-links/recipient-links";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Unsubscribe" } };

type Props = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

function UnsubscribeButton({ token, scope, label, primary }: { token: string; scope: "topic" | "all"; label: string; primary: boolean }) {
  return (
    <form method="post" action={`${LINK_PATHS.unsubscribe}${token}/confirm`}>
      <input type="hidden" name="scope" value={scope} />
      <button type="submit" className={primary ? "btn btn-primary" : "btn btn-secondary"}>
        {label}
      </button>
    </form>
  );
}

export default async function UnsubscribePage({ params, searchParams }: Props) {
  const { token } = await params;
  const done = (await searchParams).done;
  const subject = await linkSubject(token);
  if (subject.kind === "invalid" || subject.kind === "gone") return <LinkNotice subject={subject} action="unsubscribe" />;
  const preferences = `${LINK_PATHS.preferences}${token}`;
  if (subject.kind !== "live") {
    return (
      <>
        <p className="eyebrow">{subject.brandName}</p>
        <h1 className="auth-title">{done ? "Nothing changed" : `Unsubscribe from ${subject.brandName} emails?`}</h1>
        <LinkNotice subject={subject} action="unsubscribe the recipient from all marketing emails of the brand" />
        {!done && <UnsubscribeButton token={token} scope="all" label="Unsubscribe" primary />}
      </>
    );
  }
  const addresses = subject.emails.map((e) => e.address).join(", ");
  const unsubscribed = subject.emails.every((e) => e.status === "unsubscribed");
  const topic = await linkTopic(subject);
  const leftTopic =
    topic &&
    (done === "topic" ||
      (await topicChoices(subject.claims.brandId, subject.claims.contactId)).find((t) => t.id === topic.id)?.status === "unsubscribed");
  if ((done && done !== "topic") || unsubscribed)
    return (
      <>
        <p className="eyebrow">{subject.brandName}</p>
        <h1 className="auth-title">You are unsubscribed</h1>
        <p role="status">
          <strong>{addresses}</strong> will get no more marketing emails from {subject.brandName}.
        </p>
        <p>
          Changed your mind? <a href={preferences}>Manage your subscription</a>
        </p>
      </>
    );
  if (topic && leftTopic)
    return (
      <>
        <p className="eyebrow">{subject.brandName}</p>
        <h1 className="auth-title">You left {topic.name}</h1>
        <p role="status">
          <strong>{addresses}</strong> will get no more {topic.name} emails from {subject.brandName}. Other emails from {subject.brandName}{" "}
          keep coming.
        </p>
        <UnsubscribeButton token={token} scope="all" label="Unsubscribe from all marketing emails" primary={false} />
        <p>
          Changed your mind? <a href={preferences}>Manage your subscription</a>
        </p>
      </>
    );
  if (topic)
    return (
      <>
        <p className="eyebrow">{subject.brandName}</p>
        <h1 className="auth-title">Unsubscribe from {topic.name}?</h1>
        <p>
          <strong>{addresses}</strong> will no longer get {topic.name} emails from {subject.brandName}; its other emails keep coming.
        </p>
        <UnsubscribeButton token={token} scope="topic" label={`Unsubscribe from ${topic.name}`} primary />
        <UnsubscribeButton token={token} scope="all" label="Unsubscribe from all marketing emails" primary={false} />
        <p className="muted">
          Or <a href={preferences}>choose which emails you get</a> instead.
        </p>
      </>
    );
  return (
    <>
      <p className="eyebrow">{subject.brandName}</p>
      <h1 className="auth-title">Unsubscribe from {subject.brandName} emails?</h1>
      <p>
        <strong>{addresses}</strong> will no longer get marketing emails from {subject.brandName}.
      </p>
      <UnsubscribeButton token={token} scope="all" label="Unsubscribe" primary />
      <p className="muted">
        Or <a href={preferences}>manage your subscription</a> instead.
      </p>
    </>
  );
}
