// A brand's senders (Settings → Sending, /api/sending-domains, /api/sender-addresses): domains verified by
// DNS, addresses verified by a confirmation link Inkwell emails to them (through the pipeline, from the
// deployment's sender) or by an operator (admin verify-sender). docs/delivery.md "Senders".
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import { ApiProblem } from "@/lib/http/problems";
import { newId } from "@/lib/ids";
import type { Template } from "@/lib/templates/schema/template";
import { escapeHtml } from "@/lib/templates/render/tags";
import { spendTestEmails } from "@/lib/test-emails/budget";
import { createSystemContent } from "../content";
import { forgetReturnPathDomains } from "@/lib/inbound/domains";
import { sendMessagesNow } from "../queue/send-now";
import { checkDomain, domainRecords, generateDkimKey, sealPrivateKey, type DnsRecord, type RecordCheck } from "./dns-records";
import { confirmationCounts, deliveryMode, deploymentSender, domainOf } from "./verified-sender";

const DOMAIN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const SendingDomainInput = z
  .strictObject({
    domain: z
      .string()
      .trim()
      .toLowerCase()
      .regex(DOMAIN, "must be a domain name, e.g. acme.com")
      .meta({ description: "The domain to send from (its addresses become verified senders once it is verified)" }),
  })
  .meta({ id: "SendingDomainInput" });

export const SenderAddressInput = z
  .strictObject({
    email: z.email("must be an email address").max(254).toLowerCase(),
    name: z.string().trim().min(1).max(250).meta({ description: "The name recipients see" }),
  })
  .meta({ id: "SenderAddressInput" });

const DnsRecordSchema = z.object({
  purpose: z.enum(["dkim", "spf", "dmarc"]),
  type: z.literal("TXT"),
  host: z.string(),
  value: z.string(),
  required: z.boolean().meta({ description: "Required for verification (DKIM); SPF and DMARC are recommended" }),
  status: z.enum(["ok", "missing", "mismatch", "error", "unchecked"]).meta({ description: "What the last check found" }),
  found: z.array(z.string()).meta({ description: "The matching records the last check found" }),
});

export const SendingDomainSchema = z
  .object({
    id: z.string(),
    domain: z.string(),
    verified: z.boolean(),
    verifiedAt: z.iso.datetime().nullable(),
    lastCheckedAt: z.iso.datetime().nullable(),
    records: z.array(DnsRecordSchema).meta({ description: "The records to publish in the domain's DNS" }),
    returnPathDomain: z.string().nullable().meta({
      description:
        "The envelope sender's domain of this domain's mail (a subdomain of it, so SPF aligns); null: RETURN_PATH_DOMAIN, or the From address when that is unset",
    }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "SendingDomain" });
export type SendingDomain = z.infer<typeof SendingDomainSchema>;
export const SendingDomainList = z.object({ domains: z.array(SendingDomainSchema) }).meta({ id: "SendingDomainList" });

export const SenderAddressSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    verified: z.boolean(),
    verifiedBy: z.enum(["domain", "link", "admin"]).nullable(),
    reconfirmationRequired: z.boolean().meta({
      description:
        "Confirmed by a link read in the outbox (before this Inkwell delivered email): it does not count now that email is delivered, so the address is not verified until a new link is confirmed",
    }),
    confirmationSentAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "SenderAddress" });
export type SenderAddress = z.infer<typeof SenderAddressSchema>;
export const SenderAddressList = z.object({ addresses: z.array(SenderAddressSchema) }).meta({ id: "SenderAddressList" });

type DomainRow = {
  id: string;
  domain: string;
  dkimSelector: string;
  dkimPublicKey: string;
  verifiedAt: Date | null;
  lastCheckedAt: Date | null;
  lastCheck: string | null;
  returnPathDomain: string | null;
  createdAt: Date;
};

const domainSelect = {
  id: true,
  domain: true,
  dkimSelector: true,
  dkimPublicKey: true,
  verifiedAt: true,
  lastCheckedAt: true,
  lastCheck: true,
  returnPathDomain: true,
  createdAt: true,
} as const;

function toDomain(row: DomainRow): SendingDomain {
  const checks = row.lastCheck ? (JSON.parse(row.lastCheck) as RecordCheck[]) : [];
  return {
    id: row.id,
    domain: row.domain,
    verified: !!row.verifiedAt,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    records: domainRecords(row.domain, row.dkimSelector, row.dkimPublicKey).map((r: DnsRecord) => {
      const check = checks.find((c) => c.purpose === r.purpose);
      return { ...r, status: check?.status ?? "unchecked", found: check?.found ?? [] };
    }),
    returnPathDomain: row.returnPathDomain,
    createdAt: row.createdAt.toISOString(),
  };
}

const domainNotFound = () => new ApiProblem("not-found", "No sending domain with this id in your brand");
const addressNotFound = () => new ApiProblem("not-found", "No sender address with this id in your brand");

export async function listDomains(brandId: string): Promise<{ domains: SendingDomain[] }> {
  const rows = await db.senderDomain.findMany({ where: { brandId }, orderBy: { domain: "asc" }, select: domainSelect });
  return { domains: rows.map(toDomain) };
}

export async function getDomain(brandId: string, id: string): Promise<SendingDomain> {
  const row = await db.senderDomain.findFirst({ where: { id, brandId }, select: domainSelect });
  if (!row) throw domainNotFound();
  return toDomain(row);
}

export const SendingDomainUpdate = z
  .strictObject({
    returnPathDomain: z
      .string()
      .trim()
      .toLowerCase()
      .regex(DOMAIN, "must be a domain name, e.g. bounces.acme.com")
      .nullable()
      .meta({ description: "A subdomain of the (verified) domain for the envelope sender of its mail; null: the deployment's" }),
  })
  .meta({ id: "SendingDomainUpdate" });

/**
 * Sets a verified domain's return-path subdomain (lib/inbound): under the domain, so the envelope sender's SPF
 * aligns with the From domain, and taken by no other domain (409). Point its MX at Inkwell before setting it.
 */
export async function updateDomain(brandId: string, id: string, input: z.infer<typeof SendingDomainUpdate>): Promise<SendingDomain> {
  const row = await db.senderDomain.findFirst({ where: { id, brandId }, select: { domain: true, verifiedAt: true } });
  if (!row) throw domainNotFound();
  const value = input.returnPathDomain;
  if (value !== null) {
    const invalid = (message: string) =>
      new ApiProblem("validation-failed", `returnPathDomain: ${message}`, {
        errors: [{ field: "returnPathDomain", pointer: "/returnPathDomain", code: "invalid", message }],
      });
    if (!value.endsWith(`.${row.domain}`)) throw invalid(`must be a subdomain of ${row.domain}`);
    if (!row.verifiedAt) throw invalid(`${row.domain} must be verified first`);
  }
  await db.senderDomain.update({ where: { id }, data: { returnPathDomain: value } });
  // This process reads it again at once (the worker thread's renders within 30 s).
  forgetReturnPathDomains();
  return getDomain(brandId, id);
}

export async function addDomain(brandId: string, input: z.infer<typeof SendingDomainInput>): Promise<SendingDomain> {
  const key = generateDkimKey();
  try {
    const row = await db.senderDomain.create({
      data: {
        id: newId(),
        brandId,
        domain: input.domain,
        dkimSelector: key.selector,
        dkimPublicKey: key.publicKey,
        dkimPrivateKey: sealPrivateKey(key.privateKeyPem),
        createdAt: new Date(),
      },
      select: domainSelect,
    });
    return toDomain(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiProblem("conflict", `${input.domain} is already a sending domain of this brand`);
    throw error;
  }
}

/** Looks the domain's records up now; verified while its DKIM record carries the key. */
export async function checkSendingDomain(brandId: string, id: string): Promise<SendingDomain> {
  const row = await db.senderDomain.findFirst({ where: { id, brandId }, select: domainSelect });
  if (!row) throw domainNotFound();
  const result = await checkDomain(row.domain, row.dkimSelector, row.dkimPublicKey);
  const updated = await db.senderDomain.update({
    where: { id },
    data: {
      verifiedAt: result.verified ? (row.verifiedAt ?? result.checkedAt) : null,
      lastCheckedAt: result.checkedAt,
      lastCheck: JSON.stringify(result.checks),
    },
    select: domainSelect,
  });
  return toDomain(updated);
}

/** Marks a domain verified without a DNS check (an operator, for DNS Inkwell cannot see). */
export async function markDomainVerified(brandId: string, domain: string): Promise<SendingDomain> {
  const existing = await db.senderDomain.findUnique({
    where: { brandId_domain: { brandId, domain: domain.toLowerCase() } },
    select: { id: true },
  });
  const id = existing?.id ?? (await addDomain(brandId, { domain: domain.toLowerCase() })).id;
  return toDomain(await db.senderDomain.update({ where: { id }, data: { verifiedAt: new Date() }, select: domainSelect }));
}

export async function deleteDomain(brandId: string, id: string): Promise<void> {
  const { count } = await db.senderDomain.deleteMany({ where: { id, brandId } });
  if (count === 0) throw domainNotFound();
}

// ---------- addresses ----------

type AddressRow = {
  id: string;
  email: string;
  name: string;
  verifiedAt: Date | null;
  verifiedBy: string | null;
  verifiedVia: string | null;
  confirmSentAt: Date | null;
  createdAt: Date;
};
const addressSelect = {
  id: true,
  email: true,
  name: true,
  verifiedAt: true,
  verifiedBy: true,
  verifiedVia: true,
  confirmSentAt: true,
  createdAt: true,
} as const;

async function verifiedDomains(brandId: string): Promise<Set<string>> {
  const rows = await db.senderDomain.findMany({ where: { brandId, verifiedAt: { not: null } }, select: { domain: true } });
  return new Set(rows.map((r) => r.domain));
}

function toAddress(row: AddressRow, domains: Set<string>): SenderAddress {
  const byDomain = domains.has(domainOf(row.email));
  const counts = confirmationCounts(row);
  const verifiedBy = counts ? (row.verifiedBy === "admin" ? "admin" : "link") : byDomain ? "domain" : null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    verified: verifiedBy !== null,
    verifiedBy,
    reconfirmationRequired: !!row.verifiedAt && !counts && !byDomain,
    confirmationSentAt: row.confirmSentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listAddresses(brandId: string): Promise<{ addresses: SenderAddress[] }> {
  const [rows, domains] = await Promise.all([
    db.senderAddress.findMany({ where: { brandId }, orderBy: { email: "asc" }, select: addressSelect }),
    verifiedDomains(brandId),
  ]);
  return { addresses: rows.map((r) => toAddress(r, domains)) };
}

const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

/**
 * A brand's name as the confirmation email names it: a brand names itself, and the email goes from the
 * deployment's address to any address, so its text is neutralised: no line breaks or control characters, no
 * links or domains (a phishing line such as "Security alert: verify at evil.example"), at most 40 characters,
 * and quoted. The subject does not carry it at all.
 */
export function neutralBrandName(name: string): string {
  const plain = name
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, " ")
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S*/gi, "")
    .replace(/\S+\.[a-z]{2,}\S*/gi, "")
    .replace(/\s+/g, " ")
    .trim();
  const short = plain.length > 40 ? `${plain.slice(0, 39).trimEnd()}…` : plain;
  return short ? `“${short}”` : "A brand";
}

/** The confirmation email's subject: a fixed sentence, nothing a brand wrote. */
export const CONFIRMATION_SUBJECT = "Confirm your email address as a sender";

function confirmationTemplate(brandName: string, email: string, link: string): Template {
  const at = "2026-01-01T00:00:00.000Z";
  return {
    id: "000000000000000000000001",
    name: "Sender confirmation",
    createdAt: at,
    updatedAt: at,
    generalSettings: {},
    sections: [
      {
        id: "000000000000000000000002",
        rows: [
          {
            id: "000000000000000000000003",
            columns: [
              {
                id: "000000000000000000000004",
                blocks: [
                  {
                    id: "000000000000000000000005",
                    type: "text",
                    text: `<p>${escapeHtml(neutralBrandName(brandName))} wants to send email from <strong>${escapeHtml(email)}</strong> with Inkwell.</p><p>If this is your address and you agree, confirm it. If not, ignore this email: nothing will be sent from your address.</p>`,
                  },
                  { id: "000000000000000000000006", type: "button", button: { text: "Confirm this address", link } },
                ],
              },
            ],
          },
        ],
      },
    ],
  } as unknown as Template;
}

/**
 * Emails the address its confirmation link (a new secret each time; the last one counts). It goes to an
 * address the brand names, so it spends the brand's hourly budget of test emails (429 beyond it).
 */
async function sendConfirmation(brandId: string, row: { id: string; email: string }, spent = false): Promise<void> {
  if (!spent) await spendTestEmails(brandId, 1);
  const secret = randomBytes(24).toString("base64url");
  const now = new Date();
  // The mode the link travels by decides what confirming it is worth (verified-sender.ts).
  await db.senderAddress.update({
    where: { id: row.id },
    data: { confirmTokenHash: hashSecret(secret), confirmSentAt: now, confirmSentVia: deliveryMode() },
  });
  const brand = await db.brand.findUniqueOrThrow({ where: { id: brandId }, select: { name: true } });
  const link = `${config().appOrigin}/email/verify-sender/${row.id}.${secret}`;
  const sender = deploymentSender();
  const content = await createSystemContent(brandId, confirmationTemplate(brand.name, row.email, link), {
    subject: CONFIRMATION_SUBJECT,
    senderName: sender.name || "Inkwell",
    senderEmail: sender.address,
  });
  await sendMessagesNow(brandId, {
    source: { kind: "sender-verification", id: `${row.id}-${now.getTime()}` },
    content,
    mode: "system",
    recipients: [{ email: row.email }],
  });
}

export async function addAddress(brandId: string, input: z.infer<typeof SenderAddressInput>): Promise<SenderAddress> {
  const needsLink = !(await verifiedDomains(brandId)).has(domainOf(input.email)) && input.email !== deploymentSender().address;
  // Spent before the address is added, so a refused request (429) leaves nothing behind.
  if (needsLink) await spendTestEmails(brandId, 1);
  let row: AddressRow;
  try {
    row = await db.senderAddress.create({
      data: { id: newId(), brandId, email: input.email, name: input.name, createdAt: new Date() },
      select: addressSelect,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiProblem("conflict", `${input.email} is already a sender address of this brand`);
    throw error;
  }
  if (needsLink) await sendConfirmation(brandId, row, true);
  return getAddress(brandId, row.id);
}

export async function getAddress(brandId: string, id: string): Promise<SenderAddress> {
  const [row, domains] = await Promise.all([
    db.senderAddress.findFirst({ where: { id, brandId }, select: addressSelect }),
    verifiedDomains(brandId),
  ]);
  if (!row) throw addressNotFound();
  return toAddress(row, domains);
}

export async function resendConfirmation(brandId: string, id: string): Promise<SenderAddress> {
  const current = await getAddress(brandId, id);
  if (current.verified) throw new ApiProblem("conflict", `${current.email} is already verified`);
  await sendConfirmation(brandId, current);
  return getAddress(brandId, id);
}

export async function deleteAddress(brandId: string, id: string): Promise<void> {
  const { count } = await db.senderAddress.deleteMany({ where: { id, brandId } });
  if (count === 0) throw addressNotFound();
}

/** Marks an address verified (an operator: admin verify-sender). */
export async function markAddressVerified(brandId: string, email: string, name?: string): Promise<SenderAddress> {
  const address = email.trim().toLowerCase();
  const now = new Date();
  const row = await db.senderAddress.upsert({
    where: { brandId_email: { brandId, email: address } },
    create: { id: newId(), brandId, email: address, name: name ?? address, verifiedAt: now, verifiedBy: "admin", createdAt: now },
    update: { verifiedAt: now, verifiedBy: "admin", verifiedVia: null, confirmTokenHash: null, ...(name ? { name } : {}) },
    select: addressSelect,
  });
  return toAddress(row, await verifiedDomains(brandId));
}

export type ConfirmationTarget = { id: string; brandName: string; email: string; verified: boolean; sentVia: string | null };

/** The address a confirmation link is for, when the link is genuine (the last one sent for it). */
export async function confirmationTarget(token: string): Promise<ConfirmationTarget | null> {
  const match = /^([0-9a-f]{24})\.([A-Za-z0-9_-]{20,64})$/.exec(token);
  if (!match) return null;
  const row = await db.senderAddress.findUnique({
    where: { id: match[1] },
    select: {
      id: true,
      email: true,
      verifiedAt: true,
      verifiedBy: true,
      verifiedVia: true,
      confirmTokenHash: true,
      confirmSentVia: true,
      brand: { select: { name: true } },
    },
  });
  if (!row?.confirmTokenHash) return null;
  const given = Buffer.from(hashSecret(match[2]));
  const expected = Buffer.from(row.confirmTokenHash);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { id: row.id, brandName: row.brand.name, email: row.email, verified: confirmationCounts(row), sentVia: row.confirmSentVia };
}

/** Confirms the address of a genuine link (its owner pressed the button on the page the link opens). */
export async function confirmAddress(token: string): Promise<ConfirmationTarget | null> {
  const target = await confirmationTarget(token);
  if (!target) return null;
  // Bound to how the link was delivered: a link read in the outbox proves nothing once mail goes out for real.
  if (!target.verified)
    await db.senderAddress.update({
      where: { id: target.id },
      data: { verifiedAt: new Date(), verifiedBy: "link", verifiedVia: target.sentVia ?? deliveryMode() },
    });
  return { ...target, verified: true };
}
