// What the public unsubscribe and preferences pages read and change: the email channel of the contact
// a link was made for. Changes go through lib/contacts (the contact's status history records them with
// the page as their source). Links of test sends and previews never change anything.
import { updateContact } from "@/lib/contacts/update-contact";
import { db } from "@/lib/db";
import { ApiProblem } from "@/lib/http/problems";
import { verifyLink, type LinkClaims } from "./link-token";

export type EmailStatus = { address: string; status: string };

export type LinkSubject =
  | { kind: "invalid" }
  /** the contact (or the brand) was deleted since the email was sent */
  | { kind: "gone"; claims: LinkClaims; brandName: string | null }
  | { kind: "test" | "preview"; claims: LinkClaims; brandName: string; contactEmail: string | null }
  | { kind: "live"; claims: LinkClaims; brandName: string; emails: EmailStatus[] };

export const UNSUBSCRIBE_SOURCE = "unsubscribe-link";
export const PREFERENCES_SOURCE = "preferences-page";

/** Who a link is for, as its page shows it. */
export async function linkSubject(token: string): Promise<LinkSubject> {
  const claims = verifyLink(token);
  if (!claims) return { kind: "invalid" };
  const brand = await db.brand.findUnique({ where: { id: claims.brandId }, select: { name: true } });
  if (!brand) return { kind: "gone", claims, brandName: null };
  const contact = claims.contactId
    ? await db.contact.findFirst({
        where: { id: claims.contactId, brandId: claims.brandId },
        select: {
          firstName: true,
          identifiers: { where: { type: "email" }, select: { value: true, status: true }, orderBy: { id: "asc" } },
        },
      })
    : null;
  if (claims.mode !== "live")
    return { kind: claims.mode, claims, brandName: brand.name, contactEmail: contact?.identifiers[0]?.value ?? null };
  if (!contact || contact.identifiers.length === 0) return { kind: "gone", claims, brandName: brand.name };
  return { kind: "live", claims, brandName: brand.name, emails: contact.identifiers.map((i) => ({ address: i.value, status: i.status })) };
}

export type ChangeResult = LinkSubject["kind"];

/**
 * Sets the email channel of every email address of the link's contact (a person who unsubscribes wants
 * no more email from the brand, whichever address it went to). Resubscribing records the page as consent.
 */
export async function setEmailStatus(
  token: string,
  status: "subscribed" | "unsubscribed",
  source: typeof UNSUBSCRIBE_SOURCE | typeof PREFERENCES_SOURCE,
  visitor: { userAgent?: string } = {},
): Promise<ChangeResult> {
  const subject = await linkSubject(token);
  if (subject.kind !== "live") return subject.kind;
  const changed = subject.emails.filter((e) => e.status !== status);
  if (changed.length === 0) return "live";
  const consent =
    status === "subscribed"
      ? { source: "preferences page", ...(visitor.userAgent ? { userAgent: visitor.userAgent.slice(0, 500) } : {}) }
      : undefined;
  try {
    await updateContact(
      subject.claims.brandId,
      { id: subject.claims.contactId! },
      {
        identifiers: changed.map((e) => ({
          type: "email" as const,
          id: e.address,
          channels: { email: { status } },
          ...(consent ? { consent } : {}),
        })),
      },
      { source },
    );
  } catch (error) {
    // Deleted between the read and the write: nothing left to change.
    if (error instanceof ApiProblem && error.code === "not-found") return "gone";
    throw error;
  }
  return "live";
}
