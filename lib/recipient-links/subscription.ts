// What the public unsubscribe and preferences pages read and change: the email channel of the contact
// a link was made for. Changes go through lib/contacts (the contact's status history records them with
// the page as their source). Links of test sends and previews never change anything.
import { updateContact } from "@/lib/contacts/update-contact";
import { db } from "@/lib/db";
import { isIP } from "node:net";
// The read module itself, not lib/delivery's index: the pipeline's pages import this file.
import { messageOwner } from "@/lib/delivery/read/source-messages";
import { ApiProblem } from "@/lib/http/problems";
import { newId } from "@/lib/ids";
import { verifyLink, type LinkClaims } from "./link-token";
import { verifyMessageToken } from "./message-token";

export type EmailStatus = { address: string; status: string };

export type LinkSubject =
  | { kind: "invalid" }
  /** the contact (or the brand) was deleted since the email was sent */
  | { kind: "gone"; claims: LinkClaims; brandName: string | null }
  | { kind: "test" | "preview"; claims: LinkClaims; brandName: string; contactEmail: string | null }
  | {
      kind: "live";
      claims: LinkClaims;
      brandName: string;
      emails: EmailStatus[];
      messageId: string | null;
      /** the subscription topic the message was sent for, if any */
      topicId: string | null;
    };

export const UNSUBSCRIBE_SOURCE = "unsubscribe-link";
export const PREFERENCES_SOURCE = "preferences-page";
/** A mailbox provider's one-click unsubscribe (List-Unsubscribe-Post, RFC 8058). */
export const ONE_CLICK_SOURCE = "list-unsubscribe";

/**
 * The claims of a link: a sent message's token (lib/delivery) names the message, whose brand, contact,
 * template and mode are looked up; the older recipient-link token carries them itself.
 */
export async function linkClaims(token: string): Promise<(LinkClaims & { messageId: string | null; topicId: string | null }) | null> {
  const claims = verifyLink(token);
  if (claims) return { ...claims, messageId: null, topicId: null };
  const messageId = verifyMessageToken(token);
  if (!messageId) return null;
  const message = await messageOwner(messageId);
  // An erased contact's messages are deleted with it: the link names nobody any more.
  if (!message) return null;
  return {
    mode: message.mode === "live" ? "live" : message.contactId ? "test" : "preview",
    brandId: message.brandId,
    contactId: message.contactId,
    templateId: message.templateId,
    messageId,
    // The subscription topic the message was sent for: its unsubscribe link leaves that topic (./topic-choices.ts).
    topicId: message.topicId,
  };
}

/** Who a link is for, as its page shows it. */
export async function linkSubject(token: string): Promise<LinkSubject> {
  const claims = await linkClaims(token);
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
  return {
    kind: "live",
    claims,
    brandName: brand.name,
    emails: contact.identifiers.map((i) => ({ address: i.value, status: i.status })),
    messageId: claims.messageId,
    topicId: claims.topicId,
  };
}

export type ChangeResult = { kind: LinkSubject["kind"]; messageId: string | null; changed: boolean };

/**
 * Sets the email channel of every email address of the link's contact (a person who unsubscribes wants
 * no more email from the brand, whichever address it went to). Every change is recorded as a consent
 * entry of the contact (what the page did, when, the visitor's user agent and address); resubscribing also
 * becomes the identifier's consent. The address is the client's (lib/http/client-address.ts: the
 * connection's, or what the trusted proxies passed on); anything that is not an IP address is left out.
 */
export async function setEmailStatus(
  token: string,
  status: "subscribed" | "unsubscribed",
  source: typeof UNSUBSCRIBE_SOURCE | typeof PREFERENCES_SOURCE | typeof ONE_CLICK_SOURCE,
  visitor: { userAgent?: string | null; ip?: string | null } = {},
): Promise<ChangeResult> {
  const subject = await linkSubject(token);
  if (subject.kind !== "live") return { kind: subject.kind, messageId: null, changed: false };
  const result = { kind: "live" as const, messageId: subject.messageId };
  const changed = subject.emails.filter((e) => e.status !== status);
  if (changed.length === 0) return { ...result, changed: false };
  const userAgent = visitor.userAgent?.slice(0, 500) || undefined;
  const ip = visitor.ip && isIP(visitor.ip) ? visitor.ip : undefined;
  const consent =
    status === "subscribed" ? { source: "preferences page", ...(userAgent ? { userAgent } : {}), ...(ip ? { ip } : {}) } : undefined;
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
    if (status === "unsubscribed") {
      await db.contactConsent.create({
        data: {
          id: newId(),
          brandId: subject.claims.brandId,
          contactId: subject.claims.contactId!,
          channel: "email",
          source:
            source === ONE_CLICK_SOURCE ? "one-click unsubscribe" : source === UNSUBSCRIBE_SOURCE ? "unsubscribe page" : "preferences page",
          ip: ip ?? null,
          userAgent: userAgent ?? null,
          createdAt: new Date(),
        },
      });
    }
  } catch (error) {
    // Deleted between the read and the write: nothing left to change.
    if (error instanceof ApiProblem && error.code === "not-found") return { kind: "gone", messageId: null, changed: false };
    throw error;
  }
  return { ...result, changed: true };
}
