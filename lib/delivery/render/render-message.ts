// One message, ready for the transport: the content's template rendered for the recipient (compiled once
// per template version and recipient shape by lib/templates/render, filled per recipient), the subject's
// personalization, the preheader, the message's own links (unsubscribe, preferences, web version, on the
// message's token), UTM parameters, click tracking and the open pixel, and the headers: Message-ID,
// List-Unsubscribe (RFC 8058 one-click), the providers' metadata headers, DKIM.
import { config } from "@/lib/config";
import { returnPathDomainFor } from "@/lib/inbound/domains";
import { returnPathAddress } from "@/lib/inbound/return-path";
import { clickSigner, messageIdSignature } from "@/lib/recipient-links/message-token";
import { isSystemLink, messageLinks } from "@/lib/recipient-links/recipient-links";
import { compileTemplate, versionKey, wrapText } from "@/lib/templates/render/compile";
import { loadRecipientData, type Brand, type Handover } from "@/lib/templates/render/load-recipient-data";
import type { Recipient } from "@/lib/templates/render/recipient";
import { resolverOf, shapeOf } from "@/lib/templates/render/recipient-data";
import { escapeHtml, findTags } from "@/lib/templates/render/tags";
import { fillHtmlSplit, fillTextSplit, type Resolve } from "@/lib/templates/render/tokens";
import type { Content } from "../content";
import type { MessageMode } from "../schemas";
import type { DkimKey, OutgoingMail } from "../transport/smtp";
import { providerHeaders } from "../transport/provider-headers";
import { rewriteHtmlLinks, rewriteTextLinks, withOpenPixel, type LinkPolicy } from "./links";

export type MessageToRender = { id: string; mode: MessageMode; email: string; data: string | null };

/** The reference webhooks find a message by: "<id>.<mac>" (the Message-ID's local part). */
export function messageRef(messageId: string): string {
  return `${messageId}.${messageIdSignature(messageId)}`;
}

export function messageIdHeader(messageId: string, senderEmail: string): string {
  return `<${messageRef(messageId)}@${senderEmail.slice(senderEmail.lastIndexOf("@") + 1)}>`;
}

/** Personalization tags in a plain-text field (the subject, the preheader). */
export function fillTags(text: string, resolve: Resolve): string {
  let out = "";
  let at = 0;
  for (const tag of findTags(text)) {
    out += text.slice(at, tag.index) + (resolve(tag.path) ?? tag.fallback ?? "");
    at = tag.index + tag.raw.length;
  }
  return (out + text.slice(at)).replace(/\s+/g, " ").trim();
}

function withPreheader(html: string, preheader: string): string {
  const hidden = `<div style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all">${escapeHtml(preheader)}</div>`;
  const body = /<body[^>]*>/i.exec(html);
  return body ? html.slice(0, body.index + body[0].length) + hidden + html.slice(body.index + body[0].length) : hidden + html;
}

// Per content (the worker keeps contents, so a send's document is one object): its version key (a digest of
// the whole document) and its link signer, worked out once instead of for every recipient.
const versions = new WeakMap<object, string>();
const signers = new Map<string, (url: string) => string>();

function signerOf(contentId: string): (url: string) => string {
  let signer = signers.get(contentId);
  if (!signer) {
    if (signers.size >= 100) signers.clear();
    signer = clickSigner(contentId);
    signers.set(contentId, signer);
  }
  return signer;
}

export async function renderMessage(
  message: MessageToRender,
  content: Content,
  brand: Brand,
  recipient: Recipient | null,
  dkim: DkimKey | null,
): Promise<OutgoingMail> {
  const links = messageLinks(message.id);
  const handover = message.data ? (JSON.parse(message.data) as Handover) : undefined;
  const doc = content.document;
  const data = await loadRecipientData(brand, doc, recipient, { mode: message.mode === "live" ? "live" : "test", links, handover });
  let version = versions.get(doc);
  if (version === undefined) versions.set(doc, (version = versionKey(doc)));
  const compiled = await compileTemplate(doc, shapeOf(data), version);
  const resolve = resolverOf(data);
  let html = fillHtmlSplit(compiled.htmlSplit, compiled.specs, resolve).html;
  let text = wrapText(fillTextSplit(compiled.textSplit, compiled.specs, resolve));

  const live = message.mode === "live";
  const policy: LinkPolicy = {
    utm: content.utm,
    track: live && content.trackClicks ? (url) => `${links.click}?u=${encodeURIComponent(url)}&s=${signerOf(content.id)(url)}` : null,
    isSystemLink,
  };
  html = rewriteHtmlLinks(html, policy);
  text = rewriteTextLinks(text, policy);
  const preheader = content.preheader ? fillTags(content.preheader, resolve) : "";
  if (preheader) html = withPreheader(html, preheader);
  if (live && content.trackOpens) html = withOpenPixel(html, links.open);

  const ref = messageRef(message.id);
  const headers: Record<string, string> = {
    "X-Inkwell-Message-ID": ref,
    ...providerHeaders(config().smtp?.host, ref),
  };
  // A return-path domain (the sender domain's own, else RETURN_PATH_DOMAIN): the envelope sender names the
  // message (VERP), so a bounce notice comes back to Inkwell; the mailto unsubscribe address too, unless
  // the operator named one (lib/inbound).
  const returnPath = await returnPathDomainFor(brand.id, content.senderEmail);
  if (content.category === "marketing") {
    const mailto =
      config().LIST_UNSUBSCRIBE_MAILTO ??
      (returnPath ? returnPathAddress("unsubscribe", message.id, returnPath) : (content.replyTo ?? content.senderEmail));
    headers["List-Unsubscribe"] = `<${links.listUnsubscribe}>, <mailto:${mailto}?subject=unsubscribe-${links.token}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  if (message.mode === "test") headers["X-Inkwell-Test"] = "true";
  const subject = fillTags(content.subject, resolve);
  return {
    from: { name: content.senderName, address: content.senderEmail },
    to: message.email,
    replyTo: content.replyTo,
    subject,
    html,
    text,
    messageId: messageIdHeader(message.id, content.senderEmail),
    envelopeFrom: returnPath ? returnPathAddress("bounce", message.id, returnPath) : null,
    headers,
    dkim,
  };
}
