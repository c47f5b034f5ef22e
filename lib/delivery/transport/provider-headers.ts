// Headers only one email provider reads, naming the message so its webhook can name it back: SendGrid's
// X-SMTPAPI unique argument, Postmark's X-PM-Metadata. They go out only when SMTP_HOST is that provider's
// SMTP endpoint; over any other relay they would tell the world's receivers about Inkwell's internals for
// nothing (issue 39). The provider's webhook still finds a message by its Message-ID (SendGrid's smtp-id).
import { POSTMARK_METADATA_KEY } from "../webhooks/postmark";
import { SENDGRID_UNIQUE_ARG } from "../webhooks/sendgrid";

export type Provider = "sendgrid" | "postmark";

/** The provider whose SMTP endpoint SMTP_HOST names (smtp.sendgrid.net, smtp.postmarkapp.com...), or null. */
export function providerOf(smtpHost: string | null | undefined): Provider | null {
  const host = (smtpHost ?? "").toLowerCase().replace(/\.$/, "");
  if (host === "sendgrid.net" || host.endsWith(".sendgrid.net")) return "sendgrid";
  if (host === "postmarkapp.com" || host.endsWith(".postmarkapp.com")) return "postmark";
  return null;
}

/** The provider's own headers for a message (its reference, `ref`), or none. */
export function providerHeaders(smtpHost: string | null | undefined, ref: string): Record<string, string> {
  switch (providerOf(smtpHost)) {
    case "sendgrid":
      return { "X-SMTPAPI": JSON.stringify({ unique_args: { [SENDGRID_UNIQUE_ARG]: ref } }) };
    case "postmark":
      return { [`X-PM-Metadata-${POSTMARK_METADATA_KEY}`]: ref };
    default:
      return {};
  }
}
