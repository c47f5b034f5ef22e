// A message's content: the template document as read when the messages were enqueued (layouts resolved),
// subject, preheader, sender, UTM, category and the brand's tracking switches at that moment. Stored once
// and shared by every message of a send (and reused by identical sends: an automation block's messages
// share one row per template version), immutable, so the worker keeps what it read.
import { createHash } from "node:crypto";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { getTemplate } from "@/lib/templates/get-template";
import type { Template } from "@/lib/templates/schema/template";
import { perVersion } from "@/lib/templates/render/per-version";
import { SENDING_THRESHOLDS, type MessageContentInput, type SendingThreshold } from "./schemas";
import { assertTagSyntax } from "@/lib/templates/render/syntax";
import { assertVerifiedSender, isDeploymentAddress } from "./senders/verified-sender";
import { getSendingSettings } from "./settings";
import type { Utm } from "./render/links";
import type { SendTopic } from "./eligibility";

export type Content = {
  id: string;
  brandId: string;
  templateId: string;
  templateName: string;
  document: Template;
  subject: string;
  preheader: string | null;
  senderName: string;
  senderEmail: string;
  replyTo: string | null;
  utm: Utm | null;
  category: "marketing" | "transactional";
  sendingThreshold: SendingThreshold;
  /** the subscription topic it is sent for, with its kind when enqueued */
  topic: SendTopic | null;
  trackOpens: boolean;
  trackClicks: boolean;
};

export type ContentOptions = {
  category: "marketing" | "transactional";
  mode: "live" | "test" | "system";
  sendingThreshold: SendingThreshold;
  topic?: SendTopic | null;
};

/** Stores (or finds) the content of a send; refuses an unverified sender, reads the template now. */
export async function createContent(brandId: string, input: MessageContentInput, options: ContentOptions): Promise<Content> {
  const [template, settings] = await Promise.all([
    getTemplate(brandId, input.templateId),
    getSendingSettings(brandId),
    assertVerifiedSender(brandId, input.senderEmail, options.mode),
  ]);
  assertTagSyntax(template.sections);
  // A brand's mail from the shared deployment address carries the brand's own name, never free text
  // ("Inkwell Security Team" from the deployment's address and DKIM key would pass for the operator).
  if (options.mode === "live" && isDeploymentAddress(input.senderEmail)) {
    const brand = await db.brand.findUnique({ where: { id: brandId }, select: { name: true } });
    input = { ...input, senderName: brand?.name ?? input.senderName };
  }
  return storeContent(brandId, template, input, options, settings);
}

/**
 * The content of an email Inkwell writes itself (a sender's confirmation link): its document is given,
 * not read from a template of the brand, and it goes from the deployment's sender.
 */
export async function createSystemContent(
  brandId: string,
  template: Template,
  input: Omit<MessageContentInput, "templateId">,
): Promise<Content> {
  const settings = { trackOpens: false, trackClicks: false };
  return storeContent(
    brandId,
    template,
    { ...input, templateId: template.id },
    { category: "transactional", mode: "system", sendingThreshold: "all" },
    settings,
  );
}

async function storeContent(
  brandId: string,
  template: Template,
  input: MessageContentInput,
  options: ContentOptions,
  settings: { trackOpens: boolean; trackClicks: boolean },
): Promise<Content> {
  // Only messages to contacts are tracked: test sends' opens and clicks are the team's.
  const tracking = options.mode === "live";
  const fields = {
    templateId: template.id,
    templateName: template.name,
    document: JSON.stringify(template),
    subject: input.subject,
    preheader: input.preheader || null,
    senderName: input.senderName,
    senderEmail: input.senderEmail.toLowerCase(),
    replyTo: input.replyToEmail?.toLowerCase() ?? null,
    utm: input.utm && Object.values(input.utm).some(Boolean) ? JSON.stringify(input.utm) : null,
    category: options.category,
    sendingThreshold: options.sendingThreshold,
    // Only in the hash when set, so that contents stored before topics existed keep their hash.
    ...(options.topic ? { topicId: options.topic.id, topicKind: options.topic.kind } : {}),
    trackOpens: tracking && settings.trackOpens,
    trackClicks: tracking && settings.trackClicks,
  };
  const hash = createHash("sha256").update(JSON.stringify(fields)).digest("hex");
  const row =
    (await db.messageContent.findUnique({ where: { brandId_hash: { brandId, hash } }, select: { id: true } })) ??
    (await db.messageContent.upsert({
      where: { brandId_hash: { brandId, hash } },
      create: { id: newId(), brandId, hash, createdAt: new Date(), ...fields },
      update: {},
      select: { id: true },
    }));
  return toContent({ id: row.id, brandId, ...fields });
}

type ContentRow = Omit<Content, "document" | "utm" | "category" | "sendingThreshold" | "topic"> & {
  document: string;
  utm: string | null;
  category: string;
  sendingThreshold: string;
  topicId?: string | null;
  topicKind?: string | null;
};

function toContent({ topicId, topicKind, ...row }: ContentRow): Content {
  return {
    ...row,
    topic: topicId ? { id: topicId, kind: topicKind ?? "marketing" } : null,
    document: JSON.parse(row.document) as Template,
    utm: row.utm ? (JSON.parse(row.utm) as Utm) : null,
    category: row.category === "transactional" ? "transactional" : "marketing",
    sendingThreshold: (SENDING_THRESHOLDS as readonly string[]).includes(row.sendingThreshold)
      ? (row.sendingThreshold as SendingThreshold)
      : "subscribed",
  };
}

const cache = perVersion<Promise<Content | null>>(200);

/** A content by id (cached: contents never change). */
export function loadContent(id: string): Promise<Content | null> {
  return cache(id, () =>
    db.messageContent
      .findUnique({
        where: { id },
        select: {
          id: true,
          brandId: true,
          templateId: true,
          templateName: true,
          document: true,
          subject: true,
          preheader: true,
          senderName: true,
          senderEmail: true,
          replyTo: true,
          utm: true,
          category: true,
          sendingThreshold: true,
          topicId: true,
          topicKind: true,
          trackOpens: true,
          trackClicks: true,
        },
      })
      .then((row) => (row ? toContent(row) : null)),
  );
}
