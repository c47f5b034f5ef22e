// Whether a brand may send from an address, and with which DKIM key. An address is verified when its
// domain is a verified sending domain of the brand, when it was confirmed (link) or marked by an
// operator (admin verify-sender), or when it is SMTP_FROM's address (the deployment's own sender,
// verified for every brand; without SMTP_FROM, its default no-reply address on APP_URL's host).
import fs from "node:fs";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { ApiProblem } from "@/lib/http/problems";
import type { DkimKey } from "../transport/smtp";
import { deploymentSender } from "./deployment-sender";
import { openPrivateKey } from "./dns-records";

export { deploymentSender };

export const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

export type SenderVerdict = { verified: boolean; by: "deployment" | "domain" | "link" | "admin" | null };

export async function senderVerdict(brandId: string, email: string): Promise<SenderVerdict> {
  const address = email.trim().toLowerCase();
  if (address === deploymentSender().address) return { verified: true, by: "deployment" };
  const [row, domain] = await Promise.all([
    db.senderAddress.findUnique({ where: { brandId_email: { brandId, email: address } }, select: { verifiedAt: true, verifiedBy: true } }),
    db.senderDomain.findUnique({ where: { brandId_domain: { brandId, domain: domainOf(address) } }, select: { verifiedAt: true } }),
  ]);
  if (domain?.verifiedAt) return { verified: true, by: "domain" };
  if (row?.verifiedAt) return { verified: true, by: row.verifiedBy === "admin" ? "admin" : "link" };
  return { verified: false, by: null };
}

/** Throws the 422 problem a send from an unverified address gets. */
export async function assertVerifiedSender(brandId: string, email: string): Promise<void> {
  if ((await senderVerdict(brandId, email)).verified) return;
  throw new ApiProblem(
    "sender-unverified",
    `${email} is not a verified sender of this brand: verify the address (a confirmation link is emailed to it) or its domain (DNS records) under Settings → Sending, or ask an operator to run admin verify-sender`,
    { errors: [{ field: "senderEmail", pointer: "/senderEmail", code: "unverified", message: "is not a verified sender of this brand" }] },
  );
}

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
