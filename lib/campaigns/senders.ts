// Which sender a campaign uses: the address it names, which must be a verified sender of the brand, or
// (omitted) the brand's sender: its first verified address, else the deployment's (SMTP_FROM) when the
// operator shares it with brands (SMTP_FROM_SHARED=on) and it is an address a message can carry. Verification is the delivery pipeline's (docs/delivery.md, "Senders").
import { z } from "zod";
import { db } from "@/lib/db";
import { ApiProblem } from "@/lib/http/problems";
import { deploymentSender, senderVerdict } from "@/lib/delivery";
import { confirmationCounts, deploymentSenderShared, isDeploymentAddress, notSharedDetail } from "@/lib/delivery/senders/verified-sender";

const emailFormat = z.email();

export async function isVerifiedSender(brandId: string, email: string): Promise<boolean> {
  return (await senderVerdict(brandId, email)).verified;
}

/** The address a campaign without senderEmail is sent from; null when the brand has none. */
export async function defaultSender(brandId: string): Promise<string | null> {
  const [addresses, domain] = await Promise.all([
    db.senderAddress.findMany({
      where: { brandId, verifiedAt: { not: null } },
      orderBy: { createdAt: "asc" },
      take: 50,
      select: { email: true, verifiedAt: true, verifiedBy: true, verifiedVia: true },
    }),
    db.senderDomain.findFirst({ where: { brandId, verifiedAt: { not: null } }, orderBy: { createdAt: "asc" }, select: { domain: true } }),
  ]);
  // A confirmation read in the outbox does not count once mail is delivered (verified-sender.ts).
  const address = addresses.find(confirmationCounts);
  if (address) return address.email;
  // An address of a verified domain the brand already named (unverified rows of that domain are verified by it).
  if (domain) {
    const named = await db.senderAddress.findFirst({
      where: { brandId, email: { endsWith: `@${domain.domain}` } },
      select: { email: true },
    });
    if (named) return named.email;
  }
  if (!deploymentSenderShared()) return null;
  // The deployment's no-reply address on a host without a domain (localhost, an IP) is no address to send from.
  const fallback = deploymentSender().address;
  return emailFormat.safeParse(fallback).success ? fallback : null;
}

export function unverifiedSender(email: string, pointer: string): ApiProblem {
  return new ApiProblem(
    "sender-unverified",
    isDeploymentAddress(email)
      ? notSharedDetail(email)
      : `${email} is not a verified sender of this brand: verify the address or its domain under Settings → Sending, or omit it to send from the brand's sender`,
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
