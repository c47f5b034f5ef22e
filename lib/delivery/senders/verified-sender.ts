// Whether a brand may send from an address, and with which DKIM key. An address is verified when its
// domain is a verified sending domain of the brand, when it was confirmed (link) or marked by an
// operator (admin verify-sender). SMTP_FROM's address (the deployment's own sender; without SMTP_FROM, its
// default no-reply address on APP_URL's host) carries Inkwell's own emails (test sends, confirmation
// links); campaigns and automations may use it only where the operator shares it (SMTP_FROM_SHARED=on),
// and then under the brand's own name (lib/delivery/content.ts): otherwise any tenant could send as the
// deployment ("Inkwell Security Team"), signed with its DKIM key.
// A confirmation is bound to the delivery mode that carried its link: in outbox mode (no SMTP_HOST) the
// brand reads its own confirmation emails in the outbox, so it could "confirm" any address; such a
// confirmation does not count once real delivery is configured, and the address must be confirmed again.
import fs from "node:fs";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { ApiProblem } from "@/lib/http/problems";
import type { DkimKey } from "../transport/smtp";
import { deploymentSender } from "./deployment-sender";
import { openPrivateKey } from "./dns-records";

export { deploymentSender };

export const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

export type SenderVerdict = {
  verified: boolean;
  by: "deployment" | "domain" | "link" | "admin" | null;
  /** the deployment's address, which this deployment does not share with brands (SMTP_FROM_SHARED=off) */
  notShared?: boolean;
  /** confirmed by a link read in the outbox, and mail is now really delivered: it must be confirmed again */
  reconfirm?: boolean;
};

/** How this process delivers: the mode a confirmation link sent now travels by. */
export const deliveryMode = (): "smtp" | "outbox" => (config().smtp ? "smtp" : "outbox");

/**
 * Whether an address's confirmation counts now: an operator's always does; a link only when it was
 * delivered for real, or while nothing is delivered for real anyway (unknown: from before the mode was recorded).
 */
export function confirmationCounts(row: { verifiedAt: Date | null; verifiedBy: string | null; verifiedVia: string | null }): boolean {
  if (!row.verifiedAt) return false;
  return row.verifiedBy === "admin" || row.verifiedVia === "smtp" || deliveryMode() === "outbox";
}

/** Whether brands may send campaigns and automations from the deployment's address. */
export const deploymentSenderShared = () => config().SMTP_FROM_SHARED === "on";

export const isDeploymentAddress = (email: string) => email.trim().toLowerCase() === deploymentSender().address;

/** `mode`: live (a campaign's or automation's mail: the default), or Inkwell's own test and system mail. */
export async function senderVerdict(brandId: string, email: string, mode: "live" | "test" | "system" = "live"): Promise<SenderVerdict> {
  const address = email.trim().toLowerCase();
  if (address === deploymentSender().address)
    return mode !== "live" || deploymentSenderShared()
      ? { verified: true, by: "deployment" }
      : { verified: false, by: null, notShared: true };
  const [row, domain] = await Promise.all([
    db.senderAddress.findUnique({
      where: { brandId_email: { brandId, email: address } },
      select: { verifiedAt: true, verifiedBy: true, verifiedVia: true },
    }),
    db.senderDomain.findUnique({ where: { brandId_domain: { brandId, domain: domainOf(address) } }, select: { verifiedAt: true } }),
  ]);
  if (domain?.verifiedAt) return { verified: true, by: "domain" };
  if (row && confirmationCounts(row)) return { verified: true, by: row.verifiedBy === "admin" ? "admin" : "link" };
  return { verified: false, by: null, ...(row?.verifiedAt ? { reconfirm: true } : {}) };
}

/** Throws the 422 problem a send from an unverified address gets. */
export async function assertVerifiedSender(brandId: string, email: string, mode: "live" | "test" | "system" = "live"): Promise<void> {
  const verdict = await senderVerdict(brandId, email, mode);
  if (verdict.verified) return;
  const detail = verdict.notShared
    ? notSharedDetail(email)
    : verdict.reconfirm
      ? `${email} must be confirmed again: its confirmation link was read in the outbox, before this Inkwell delivered email. Send a new link under Settings → Sending, verify its domain (DNS records), or ask an operator to run admin verify-sender`
      : `${email} is not a verified sender of this brand: verify the address (a confirmation link is emailed to it) or its domain (DNS records) under Settings → Sending, or ask an operator to run admin verify-sender`;
  throw new ApiProblem("sender-unverified", detail, {
    errors: [{ field: "senderEmail", pointer: "/senderEmail", code: "unverified", message: "is not a verified sender of this brand" }],
  });
}

export const notSharedDetail = (email: string) =>
  `${email} is this Inkwell's own address, which its operator does not let brands send from (SMTP_FROM_SHARED=off): send from an address or domain of your brand verified under Settings → Sending`;

let envKey: { file: string; key: DkimKey | null } | undefined;

/** DKIM_PRIVATE_KEY_FILE's key (read once), or null. */
function deploymentDkimKey(): DkimKey | null {
  const { DKIM_PRIVATE_KEY_FILE: file, DKIM_SELECTOR: selector, DKIM_DOMAIN: domain } = config();
  if (!file || !selector || !domain) return null;
  if (envKey?.file !== file) {
    try {
      envKey = { file, key: { domainName: domain, keySelector: selector, privateKey: fs.readFileSync(file, "utf8") } };
    } catch (error) {
      console.error(`[delivery] DKIM_PRIVATE_KEY_FILE ${file} cannot be read; messages go out unsigned`, error);
      envKey = { file, key: null };
    }
  }
  return envKey.key;
}

/** The key a message from `email` is signed with: its verified domain's, else the deployment's, else none. */
export async function dkimKeyFor(brandId: string, email: string): Promise<DkimKey | null> {
  const domain = domainOf(email);
  const row = await db.senderDomain.findUnique({
    where: { brandId_domain: { brandId, domain } },
    select: { verifiedAt: true, dkimSelector: true, dkimPrivateKey: true },
  });
  const privateKey = row?.verifiedAt ? openPrivateKey(row.dkimPrivateKey) : null;
  if (row && privateKey) return { domainName: domain, keySelector: row.dkimSelector, privateKey };
  return deploymentDkimKey();
}
