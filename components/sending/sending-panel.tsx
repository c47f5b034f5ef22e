"use client";
// Settings → Sending: where the brand's email goes, who it may come from, tracking, revenue attribution,
// and the addresses it never mails.
import { AttributionSettings } from "./attribution-settings";
import { SendingDomains } from "./sending-domains";
import { SenderAddresses } from "./sender-addresses";
import { SuppressionList } from "./suppression-list";
import { TrackingSettings } from "./tracking-settings";
import { WebhookSecret } from "./webhook-secret";
import "./sending.css";

export function SendingPanel({
  hasMailServer,
  deploymentSender,
  deploymentSenderShared,
}: {
  hasMailServer: boolean;
  deploymentSender: string;
  deploymentSenderShared: boolean;
}) {
  return (
    <div className="stack-lg">
      {hasMailServer ? (
        <p className="alert alert-info" role="note">
          Emails go to the mail server this Inkwell is set up with. Bounces the server reports later arrive through your provider’s webhook
          (see the README’s “Sending email”).
        </p>
      ) : (
        <p className="alert alert-warning" role="note">
          <strong>Nothing is delivered:</strong> this Inkwell has no mail server set up (SMTP_HOST), so emails are kept in the Outbox. You
          can still prepare your senders here.
        </p>
      )}
      <section aria-labelledby="domains-title" className="card stack">
        <h2 id="domains-title" className="section-title">
          Sending domains
        </h2>
        <SendingDomains />
      </section>
      <section aria-labelledby="addresses-title" className="card stack">
        <h2 id="addresses-title" className="section-title">
          Sender addresses
        </h2>
        <SenderAddresses deploymentSender={deploymentSender} deploymentSenderShared={deploymentSenderShared} />
      </section>
      <section aria-labelledby="webhook-secret-title" className="card stack">
        <h2 id="webhook-secret-title" className="section-title">
          Webhook signing secret
        </h2>
        <WebhookSecret />
      </section>
      <section aria-labelledby="tracking-title" className="card stack">
        <h2 id="tracking-title" className="section-title">
          Opens and clicks
        </h2>
        <TrackingSettings />
      </section>
      <section aria-labelledby="attribution-title" className="card stack">
        <h2 id="attribution-title" className="section-title">
          Revenue attribution
        </h2>
        <AttributionSettings />
      </section>
      <section aria-labelledby="suppressions-title" className="card stack">
        <h2 id="suppressions-title" className="section-title">
          Suppression list
        </h2>
        <SuppressionList />
      </section>
    </div>
  );
}
