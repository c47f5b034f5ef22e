// GET /email/preferences/{token}: where a recipient chooses which emails the brand may send them: the
// brand's marketing topics (one checkbox each) and all marketing email. Plain HTML form: works without
// JavaScript, every control labelled, reachable by keyboard.
import type { Metadata } from "next";
import { LinkNotice } from "@/components/recipient-pages/link-notice";
import { linkSubject } from "@/lib/recipient-links/subscription";
import { topicChoices } from "@/lib/recipient-links/topic-choices";
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
  const live = subject.kind === "live";
  const subscribed = live ? subject.emails.some((e) => e.status === "subscribed") : true;
  const addresses = live ? subject.emails.map((e) => e.address).join(", ") : (subject.contactEmail ?? "the recipient");
  const topics = await topicChoices(subject.claims.brandId, live ? subject.claims.contactId : null);
  return (
    <>
      <p className="eyebrow">{subject.brandName}</p>
      <h1 className="auth-title">Email preferences</h1>
      {!live && <LinkNotice subject={subject} action="change the recipient's subscription" />}
      {saved && (
        <p className="alert alert-success" role="status">
          {live ? "Your choice is saved." : "Nothing changed: this was not a real email."}
        </p>
      )}
      <form method="post" action={`${LINK_PATHS.preferences}${token}/save`}>
        {topics.length > 0 && (
          <fieldset className="field">
            <legend className="label">Topics you get emails about</legend>
            {topics.map((topic) => (
              <div key={topic.id} className="topic-choice">
                <input type="hidden" name="shown" value={topic.id} />
                <label className="radio">
                  <input
                    type="checkbox"
                    name="topic"
                    value={topic.id}
                    defaultChecked={topic.status === "subscribed"}
                    aria-describedby={topic.description ? `topic-${topic.id}-about` : undefined}
                  />{" "}
                  {topic.name}
                </label>
                {topic.description && (
                  <p id={`topic-${topic.id}-about`} className="muted topic-about">
                    {topic.description}
                  </p>
                )}
              </div>
            ))}
          </fieldset>
        )}
        <fieldset className="field">
          <legend className="label">
            All mail from {subject.brandName} to <strong>{addresses}</strong>
          </legend>
          <label className="radio">
            <input type="radio" name="status" value="subscribed" defaultChecked={subscribed} /> Send me marketing emails
            {topics.length > 0 ? " (the topics ticked above)" : ""}
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
