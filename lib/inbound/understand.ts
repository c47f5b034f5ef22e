// What a received message is (docs/delivery.md "Mail that comes back"), read from its bytes alone: an RFC
// 3464 delivery status notification (a bounce, or a delay), an RFC 5965 feedback report (a complaint), an
// auto-reply, or a message a person wrote. Parsing with mailparser (headers, text, HTML); a report's own
// parts field by field (report-parts.ts). Nothing here looks anything up: handle.ts matches the result to
// a message and records the outcome.
import { simpleParser, type HeaderValue } from "mailparser";
import { headerBlocks, headerFields, mediaType, multipartParts, type Part } from "./report-parts";

/** What names the original message inside a report or a reply: its header values, as given. */
export type Original = {
  /** Message-ID, X-Inkwell-Message-ID (and a reply's In-Reply-To / References) values */
  refs: string[];
  /** addresses that may carry a return-path token: the original's Return-Path, a report's Original-Mail-From */
  returnPaths: string[];
};

export type Understood =
  | {
      kind: "bounce";
      /** RFC 3464 Action of the recipient reported: failed, delayed, delivered, relayed, expanded */
      action: string;
      /** a failure whose status is 5.x.x: the address will not work */
      permanent: boolean;
      recipient: string | null;
      status: string | null;
      /** the remote server's words (Diagnostic-Code), else the status */
      diagnostic: string | null;
      original: Original;
    }
  | { kind: "complaint"; feedbackType: string; recipient: string | null; original: Original }
  | { kind: "auto-reply"; why: string; original: Original }
  | { kind: "message"; original: Original };

/** `messageId`: the received message's own Message-ID (a relay's resend of a notice repeats it). */
export type Envelope = { from: string | null; subject: string | null; text: string; html: string | null; messageId: string | null };

const addressOf = (value: string | undefined): string | null => {
  if (!value) return null;
  const v = value.includes(";") ? value.slice(value.indexOf(";") + 1) : value;
  const a = v.trim().replace(/^<|>$/g, "").trim();
  return a.includes("@") ? a.toLowerCase() : null;
};

/** A Message-ID as received, bounded (a key, not text to show). */
const idOf = (value: string | undefined): string | null => value?.trim().slice(0, 300) || null;

function originalOf(parts: Part[]): Original {
  const part = parts.find((p) =>
    ["text/rfc822-headers", "message/rfc822", "message/global-headers", "message/global"].includes(mediaType(p)),
  );
  if (!part) return { refs: [], returnPaths: [] };
  const end = /\r?\n\r?\n/.exec(part.body);
  const fields = headerFields(end ? part.body.slice(0, end.index) : part.body);
  return {
    refs: ["message-id", "x-inkwell-message-id"].map((n) => fields.get(n)).filter((v): v is string => !!v),
    returnPaths: [fields.get("return-path")].map(addressOf).filter((v): v is string => !!v),
  };
}

function deliveryStatus(parts: Part[]): Understood | null {
  const part = parts.find((p) => ["message/delivery-status", "message/global-delivery-status"].includes(mediaType(p)));
  if (!part) return null;
  const [, ...recipients] = headerBlocks(part.body);
  const action = (b: Map<string, string>) => (b.get("action") ?? "").toLowerCase();
  // A relay reports one recipient per VERP message; with several, the failure speaks first.
  const block = recipients.find((b) => action(b) === "failed") ?? recipients.find((b) => action(b) === "delayed") ?? recipients[0];
  if (!block) return null;
  const status = block.get("status")?.split(/\s/)[0] ?? null;
  const diagnostic = block.get("diagnostic-code")?.replace(/^[a-z-]+;\s*/i, "") ?? status;
  return {
    kind: "bounce",
    action: action(block),
    permanent: action(block) === "failed" && !status?.startsWith("4"),
    recipient: addressOf(block.get("original-recipient")) ?? addressOf(block.get("final-recipient")),
    status,
    diagnostic: diagnostic?.slice(0, 500) ?? null,
    original: originalOf(parts),
  };
}

function feedbackReport(parts: Part[]): Understood | null {
  const part = parts.find((p) => mediaType(p) === "message/feedback-report");
  if (!part) return null;
  const fields = headerFields(part.body);
  const original = originalOf(parts);
  const mailFrom = addressOf(fields.get("original-mail-from"));
  return {
    kind: "complaint",
    feedbackType: (fields.get("feedback-type") ?? "abuse").toLowerCase().slice(0, 40),
    recipient: addressOf(fields.get("original-rcpt-to")) ?? addressOf(fields.get("removal-recipient")),
    original: { ...original, returnPaths: [...(mailFrom ? [mailFrom] : []), ...original.returnPaths] },
  };
}

const AUTO_SUBJECT =
  /^\s*(auto(matic)?[ -]?(reply|response|antwort)|auto:|out of (the )?office|ooo\b|abwesenheit|absence|r[ée]ponse automatique|automatisch antwoord|autosvar|respuesta autom[áa]tica|risposta automatica)/i;

function autoReply(headers: Map<string, HeaderValue>, subject: string | null): string | null {
  const text = (name: string) => {
    const v = headers.get(name);
    return typeof v === "string" ? v.toLowerCase() : v ? String((v as { value?: unknown }).value ?? v).toLowerCase() : "";
  };
  const submitted = text("auto-submitted");
  if (submitted && submitted !== "no") return `Auto-Submitted: ${submitted}`;
  for (const name of ["x-autoreply", "x-autorespond", "x-autoresponder"]) if (headers.has(name)) return name;
  if (/^(auto_reply|bulk|junk)$/.test(text("precedence"))) return `Precedence: ${text("precedence")}`;
  if (subject && AUTO_SUBJECT.test(subject)) return "subject";
  return null;
}

function replyRefs(headers: Map<string, HeaderValue>): string[] {
  const all = [headers.get("in-reply-to"), headers.get("references")].flatMap((v) =>
    typeof v === "string" ? (v.match(/<[^<>\s]+>/g) ?? []) : Array.isArray(v) ? v.map(String) : [],
  );
  return [...new Set(all)].slice(0, 20);
}

/** A report (a DSN, a feedback report) read from its header section and parts alone, without mailparser. */
function quickReport(raw: Buffer): { understood: Understood; envelope: Envelope } | null {
  const text = raw.subarray(0, 64 * 1024).toString("utf8");
  const end = /\r?\n\r?\n/.exec(text);
  const fields = headerFields(end ? text.slice(0, end.index) : text);
  const type = fields.get("content-type") ?? "";
  if (!/^\s*multipart\/report\b/i.test(type)) return null;
  const boundary = /boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  const reportType = (/report-type\s*=\s*"?([^";\s]+)/i.exec(type)?.[1] ?? "").toLowerCase();
  if (!boundary) return null;
  const parts = multipartParts(raw, boundary[1] ?? boundary[2]);
  const report =
    reportType === "feedback-report" ? feedbackReport(parts) : reportType.includes("delivery-status") ? deliveryStatus(parts) : null;
  if (!report) return null;
  const from = /[^\s<>()",;:]+@[^\s<>()",;:]+/.exec(fields.get("from") ?? "")?.[0]?.toLowerCase() ?? null;
  // The report's human-readable part is its text (what mailparser would give), kept for the Replies view.
  const readable = parts.find((p) => mediaType(p) === "text/plain")?.body.slice(0, 100_000) ?? "";
  const envelope = {
    from,
    subject: fields.get("subject")?.slice(0, 500) ?? null,
    text: readable,
    html: null,
    messageId: idOf(fields.get("message-id")),
  };
  return { understood: report, envelope };
}

/** What a received message is, and its sender, subject and text for a person to read. */
export async function understand(raw: Buffer): Promise<{ understood: Understood; envelope: Envelope }> {
  // A bounce storm is reports: read without a full parse (a person's mail gets mailparser below).
  const quick = quickReport(raw);
  if (quick) return quick;
  const mail = await simpleParser(raw, {
    skipImageLinks: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    maxHtmlLengthToParse: 1_000_000,
  });
  const type = mail.headers.get("content-type") as { value?: string; params?: Record<string, string> } | undefined;
  const envelope: Envelope = {
    from: mail.from?.value[0]?.address?.toLowerCase() ?? null,
    subject: mail.subject?.slice(0, 500) ?? null,
    text: (mail.text ?? "").slice(0, 100_000),
    html: typeof mail.html === "string" ? mail.html.slice(0, 200_000) : null,
    messageId: idOf(mail.messageId),
  };
  if (type?.value?.toLowerCase() === "multipart/report" && type.params?.boundary) {
    const parts = multipartParts(raw, type.params.boundary);
    const reportType = (type.params["report-type"] ?? "").toLowerCase();
    const report =
      reportType === "feedback-report" ? feedbackReport(parts) : reportType.includes("delivery-status") ? deliveryStatus(parts) : null;
    if (report) return { understood: report, envelope };
  }
  const original: Original = { refs: replyRefs(mail.headers), returnPaths: [] };
  const why = autoReply(mail.headers, envelope.subject);
  return { understood: why ? { kind: "auto-reply", why, original } : { kind: "message", original }, envelope };
}
