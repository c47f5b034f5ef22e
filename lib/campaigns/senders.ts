// Which sender a campaign uses: the address it names, which must be a verified sender of the brand, or
// (omitted) the brand's sender. The verification itself is the delivery pipeline's (docs/delivery.md,
// "Senders"); this module only asks it.
import { config } from "@/lib/config";
import { ApiProblem } from "@/lib/http/problems";

/** The deployment's sender (SMTP_FROM, or no-reply at APP_URL's host): verified for every brand. */
function deploymentSender(): { name: string; address: string } {
  const from = config().smtp?.from ?? `Inkwell <no-reply@${new URL(config().appOrigin).hostname}>`;
  const match = /^\s*(.*?)\s*<\s*([^<>\s]+)\s*>\s*$/.exec(from);
  return match
    ? { name: match[1].replace(/^"|"$/g, ""), address: match[2].toLowerCase() }
    : { name: "", address: from.trim().toLowerCase() };
}

export async function isVerifiedSender(_brandId: string, email: string): Promise<boolean> {
  return email.trim().toLowerCase() === deploymentSender().address;
}

/** The address a campaign without senderEmail is sent from; null when the brand has none. */
export async function defaultSender(_brandId: string): Promise<string | null> {
  return deploymentSender().address;
}

export function unverifiedSender(email: string, pointer: string): ApiProblem {
  return new ApiProblem(
    "sender-unverified",
    `${email} is not a verified sender of this brand: verify the address or its domain under Settings → Sending, or omit it to send from the brand's sender`,
    {
      errors: [
        {
          field: pointer.slice(1).replace(/\/\d+/g, "").replace(/\//g, "."),
          pointer,
          code: "unverified",
          message: "is not a verified sender of this brand",
        },
      ],
    },
  );
}

export function noVerifiedSender(): ApiProblem {
  return new ApiProblem(
    "sender-unverified",
    "This brand has no verified sender address to send from: verify an address or a domain under Settings → Sending, or name one in content.email.senderEmail",
  );
}
