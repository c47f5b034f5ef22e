// Block requests into stored blocks: server ids for temporaryIDs (split message filters may name either),
// the configuration under the key its type names, an email block's content (the template it names: its
// contentID is the template's id, edited through /api/email-content/{contentID}, as campaigns do), and,
// for PUT, existing blocks updated in place by id. PATCH changes existing blocks field by field.
// Every problem is added to the request's Issues; the tree-wide rules follow in ./check-workflow.ts.
import { validateHeaderName, validateHeaderValue } from "node:http";
import { newId } from "@/lib/ids";
import type { BrandFacts } from "./brand-facts";
import { callbackRefusal } from "./callback-url";
import type { Issues, Path } from "./issues";
import type { Action, Block, SendEmail, SplitFilter, SplitFilterGroup } from "./model";
import type { CreateBlockRequest, PatchBlockRequest, UpdateBlockRequest } from "./schemas";
import { flatten, mapBlocks } from "./tree";

type AnyBlockRequest = CreateBlockRequest | UpdateBlockRequest;
type ActionRequest = NonNullable<AnyBlockRequest["action"]>;

const TYPE_KEYS = ["delay", "action", "split", "abTesting"] as const;
const ACTION_KEYS = ["sendEmail", "sendSms", "sendPush", "sendWebhook", "addTag", "removeTag"] as const;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const RESERVED_HEADERS = new Set([
  "host",
  "content-length",
  "content-type",
  "transfer-encoding",
  "connection",
  "webhook-id",
  "webhook-timestamp",
  "webhook-signature",
]);

export class BlockBuilder {
  /** block id → where the request gave it (tree-wide errors point there) */
  readonly paths = new Map<string, Path>();
  private readonly ids = new Map<string, string>();
  private readonly existing: Map<string, Block>;
  private readonly used = new Set<string>();

  /** Whether the brand has this subscription topic (an issue at `path` when not). */
  checkTopic(topicID: string, path: Path): boolean {
    if (this.facts.topics.has(topicID)) return true;
    this.issues.add(path, "not_found", "names no subscription topic of this brand");
    return false;
  }

  constructor(
    private readonly issues: Issues,
    private readonly facts: BrandFacts,
    existingBlocks: Block[] = [],
  ) {
    this.existing = new Map(flatten(existingBlocks).map((b) => [b.id, b]));
  }
  /** A template of the brand the request named (PATCH may change an email step's template). */
  hasTemplate(id: string): boolean {
    return this.facts.templates.has(id);
  }

  /** Builds a request's block tree (POST: temporaryIDs only; PUT: ids or temporaryIDs). */
  build(requests: AnyBlockRequest[], path: Path): Block[] {
    this.assignIds(requests, path);
    return this.sequence(requests, path);
  }

  private assignIds(requests: AnyBlockRequest[], path: Path): void {
    requests.forEach((req, i) => {
      const at = [...path, i];
      const id = "id" in req ? req.id : undefined;
      if (id !== undefined && req.temporaryID !== undefined)
        this.issues.add(at, "invalid", "give id (an existing block) or temporaryID (a new one), not both");
      else if (id !== undefined) {
        if (!this.existing.has(id))
          this.issues.add([...at, "id"], "not_found", "names no block of this workflow; use temporaryID for a new block");
        else if (this.used.has(id)) this.issues.add([...at, "id"], "duplicate", "names a block given earlier in the request");
        this.used.add(id);
      } else if (req.temporaryID !== undefined) {
        if (this.ids.has(req.temporaryID)) this.issues.add([...at, "temporaryID"], "duplicate", "is used by another block of the request");
        else this.ids.set(req.temporaryID, newId());
      } else this.issues.add([...at, "temporaryID"], "required", "is required for a new block (or give the id of an existing one)");
      if (req.type === "split" && req.split) {
        this.assignIds(req.split.trueBlocks ?? [], [...at, "split", "trueBlocks"]);
        this.assignIds(req.split.falseBlocks ?? [], [...at, "split", "falseBlocks"]);
      }
      if (req.type === "abTesting" && req.abTesting) {
        this.assignIds(req.abTesting.aBlocks ?? [], [...at, "abTesting", "aBlocks"]);
        this.assignIds(req.abTesting.bBlocks ?? [], [...at, "abTesting", "bBlocks"]);
      }
    });
  }

  private sequence(requests: AnyBlockRequest[], path: Path): Block[] {
    return requests.flatMap((req, i) => {
      const block = this.block(req, [...path, i]);
      return block ? [block] : [];
    });
  }

  private idOf(req: AnyBlockRequest): string | null {
    if ("id" in req && req.id !== undefined) return this.existing.has(req.id) ? req.id : null;
    return req.temporaryID !== undefined ? (this.ids.get(req.temporaryID) ?? null) : null;
  }

  /** A block id a split filter names: a temporaryID of the request, or an existing block's id. */
  private reference(value: unknown): unknown {
    if (typeof value !== "string") return value;
    return this.ids.get(value) ?? value;
  }

  private block(req: AnyBlockRequest, path: Path): Block | null {
    const id = this.idOf(req) ?? newId();
    this.paths.set(id, path);
    for (const key of TYPE_KEYS) {
      if (key !== req.type && req[key] !== undefined)
        this.issues.add([...path, key], "not_allowed", `a ${req.type} block takes only "${req.type}"`);
    }
    if (req[req.type] === undefined) {
      this.issues.add([...path, req.type], "required", `is required for a ${req.type} block`);
      return null;
    }
    switch (req.type) {
      case "delay": {
        const delay = checkDelay(req.delay!, this.issues, [...path, "delay"]);
        return { id, type: "delay", delay };
      }
      case "action": {
        const action = this.action(id, req.action!, [...path, "action"]);
        return action ? { id, type: "action", action } : null;
      }
      case "split": {
        const split = req.split!;
        const trueBlocks = this.sequence(split.trueBlocks ?? [], [...path, "split", "trueBlocks"]);
        const falseBlocks = this.sequence(split.falseBlocks ?? [], [...path, "split", "falseBlocks"]);
        if ((split.trueBlocks ?? []).length === 0 && (split.falseBlocks ?? []).length === 0) {
          this.issues.add([...path, "split"], "empty_branches", "at least one of trueBlocks or falseBlocks must hold a block");
        }
        return { id, type: "split", split: { filterGroup: this.splitGroup(split.filterGroup), trueBlocks, falseBlocks } };
      }
      case "abTesting": {
        const ab = req.abTesting!;
        const aBlocks = this.sequence(ab.aBlocks ?? [], [...path, "abTesting", "aBlocks"]);
        const bBlocks = this.sequence(ab.bBlocks ?? [], [...path, "abTesting", "bBlocks"]);
        if ((ab.aBlocks ?? []).length === 0 && (ab.bBlocks ?? []).length === 0) {
          this.issues.add([...path, "abTesting"], "empty_branches", "at least one of aBlocks or bBlocks must hold a block");
        }
        return { id, type: "abTesting", abTesting: { aBlocksPercentage: ab.aBlocksPercentage, aBlocks, bBlocks } };
      }
    }
  }

  splitGroup(group: {
    logicalOperator: "and" | "or";
    filters: { type: string; field: string; operator: string; value?: unknown; urlMatch?: unknown }[];
  }): SplitFilterGroup {
    return {
      logicalOperator: group.logicalOperator,
      filters: group.filters.map((f) => {
        const out: Record<string, unknown> = { type: f.type, field: f.field, operator: f.operator };
        if (f.value !== undefined) out.value = f.type === "message" ? this.reference(f.value) : f.value;
        if (f.urlMatch !== undefined) out.urlMatch = f.urlMatch;
        return out as SplitFilter;
      }),
    };
  }

  private action(blockId: string, req: ActionRequest, path: Path): Action | null {
    for (const key of ACTION_KEYS) {
      if (key !== req.type && req[key] !== undefined)
        this.issues.add([...path, key], "not_allowed", `a ${req.type} action takes only "${req.type}"`);
    }
    if (req.type === "sendSms" || req.type === "sendPush") {
      const channel = req.type === "sendSms" ? "SMS" : "push";
      this.issues.channels.add(channel);
      this.issues.add(
        [...path, "type"],
        "channel_unavailable",
        `${channel} is not available on Inkwell yet: use sendEmail, or sendWebhook to hand the contact to your ${channel} service`,
      );
      return null;
    }
    const config = req[req.type];
    if (config === undefined) {
      this.issues.add([...path, req.type], "required", `is required: the ${req.type} configuration goes under action.${req.type}`);
      return null;
    }
    switch (req.type) {
      case "sendEmail":
        return this.sendEmail(blockId, req.sendEmail!, [...path, "sendEmail"]);
      case "sendWebhook": {
        const webhook = req.sendWebhook!;
        checkWebhook(webhook, this.issues, [...path, "sendWebhook"]);
        return {
          type: "sendWebhook",
          sendWebhook: {
            callbackUrl: webhook.callbackUrl,
            body: webhook.body,
            ...(webhook.headers?.length ? { headers: webhook.headers } : {}),
          },
        };
      }
      case "addTag":
        return { type: "addTag", addTag: { value: req.addTag!.value.toLowerCase() } };
      case "removeTag":
        return { type: "removeTag", removeTag: { value: req.removeTag!.value.toLowerCase() } };
    }
  }

  private sendEmail(blockId: string, req: NonNullable<ActionRequest["sendEmail"]>, path: Path): Action | null {
    const previous = this.existing.get(blockId);
    const fields: Omit<SendEmail, "contentId"> = {
      isSkipAllowed: req.isSkipAllowed ?? true,
      language: req.language,
      preheader: req.preheader,
      subject: req.subject,
      senderName: req.senderName,
      ...(req.senderEmail ? { senderEmail: req.senderEmail.toLowerCase() } : {}),
      ...(req.replyToEmail ? { replyToEmail: req.replyToEmail.toLowerCase() } : {}),
      ...(req.topicID && this.checkTopic(req.topicID, [...path, "topicID"]) ? { topicID: req.topicID } : {}),
    };
    if (previous) {
      if (req.templateID !== undefined) {
        this.issues.add(
          [...path, "templateID"],
          "not_allowed",
          "is refused for an existing block: edit its content with PUT /api/email-content/{contentID}, or create a new block with temporaryID",
        );
        return null;
      }
      if (previous.type !== "action" || previous.action.type !== "sendEmail") {
        this.issues.add(
          [...path],
          "invalid",
          "the existing block is not an email block: create a new one with temporaryID and a templateID",
        );
        return null;
      }
      const { contentId, utm } = previous.action.sendEmail;
      return { type: "sendEmail", sendEmail: { contentId, ...fields, ...(utm ? { utm } : {}) } };
    }
    if (!req.templateID) {
      this.issues.add([...path, "templateID"], "required", "is required for a new email block: the template it sends");
      return null;
    }
    if (!this.facts.templates.has(req.templateID)) {
      this.issues.add([...path, "templateID"], "not_found", "names no email template of this brand");
      return null;
    }
    return { type: "sendEmail", sendEmail: { contentId: req.templateID, ...fields } };
  }
}

export function checkDelay(
  req: NonNullable<AnyBlockRequest["delay"]>,
  issues: Issues,
  path: Path,
): Extract<Block, { type: "delay" }>["delay"] {
  if (req.mode === "duration" && !req.duration) issues.add([...path, "duration"], "required", 'is required when mode is "duration"');
  if (req.mode !== "duration" && req.duration) issues.add([...path, "duration"], "not_allowed", 'applies only when mode is "duration"');
  if (req.mode === "specificTime" && !req.time) issues.add([...path, "time"], "required", 'is required when mode is "specificTime"');
  if (req.mode !== "specificTime" && req.time) issues.add([...path, "time"], "not_allowed", 'applies only when mode is "specificTime"');
  if (req.allowedWeekdays && new Set(req.allowedWeekdays).size !== req.allowedWeekdays.length) {
    issues.add([...path, "allowedWeekdays"], "duplicate", "names a day twice");
  }
  return {
    mode: req.mode,
    ...(req.mode === "duration" && req.duration ? { duration: req.duration } : {}),
    ...(req.mode === "specificTime" && req.time ? { time: req.time } : {}),
    ...(req.allowedWeekdays?.length ? { allowedWeekdays: req.allowedWeekdays } : {}),
  };
}

export function checkWebhook(
  webhook: { callbackUrl?: string; headers?: { key: string; value: string }[] | null },
  issues: Issues,
  path: Path,
): void {
  if (webhook.callbackUrl !== undefined) {
    const refusal = callbackRefusal(webhook.callbackUrl);
    if (refusal) issues.add([...path, "callbackUrl"], "invalid_format", refusal);
  }
  (webhook.headers ?? []).forEach((h, i) => {
    // node:http's own rules, the ones the engine's request applies: a header it would refuse (a control
    // character, U+2028, anything past Latin-1) is a 400 here, not a run that throws at every attempt.
    if (!HEADER_NAME.test(h.key) || !acceptedByHttp(() => validateHeaderName(h.key)))
      issues.add([...path, "headers", i, "key"], "invalid_format", "is not a valid HTTP header name");
    else if (RESERVED_HEADERS.has(h.key.toLowerCase()))
      issues.add([...path, "headers", i, "key"], "not_allowed", `${h.key} is set by Inkwell`);
    if (/[\r\n]/.test(h.value)) issues.add([...path, "headers", i, "value"], "invalid_format", "must not contain line breaks");
    else if (!acceptedByHttp(() => validateHeaderValue(h.key || "x", h.value)))
      issues.add(
        [...path, "headers", i, "value"],
        "invalid_format",
        "holds a character an HTTP header cannot carry (control characters and characters past U+00FF)",
      );
  });
}

function acceptedByHttp(check: () => void): boolean {
  try {
    check();
    return true;
  } catch {
    return false;
  }
}

/** Applies PATCH block entries to a copy of the tree; every entry names an existing block and its type. */
export function patchBlocks(blocks: Block[], patches: PatchBlockRequest[], builder: BlockBuilder, issues: Issues): Block[] {
  const byId = new Map(flatten(blocks).map((b) => [b.id, b]));
  const changes = new Map<string, Block>();
  patches.forEach((patch, i) => {
    const path: Path = ["blocks", i];
    builder.paths.set(patch.id, path);
    const current = byId.get(patch.id);
    if (!current)
      return issues.add([...path, "id"], "not_found", "names no block of this workflow (blocks are added and removed with PUT .../blocks)");
    if (changes.has(patch.id)) return issues.add([...path, "id"], "duplicate", "names a block patched earlier in the request");
    if (patch.type !== current.type)
      return issues.add([...path, "type"], "immutable", `is "${current.type}": a block's type cannot change`);
    for (const key of TYPE_KEYS) {
      if (key !== patch.type && patch[key] !== undefined)
        issues.add([...path, key], "not_allowed", `a ${patch.type} block takes only "${patch.type}"`);
    }
    const next = patchOne(current, patch, builder, issues, path);
    if (next) changes.set(patch.id, next);
  });
  return mapBlocks(blocks, (b) => {
    const changed = changes.get(b.id);
    if (!changed) return b;
    // Branches come from the mapped tree (patched blocks inside them), the rest from the patch.
    if (changed.type === "split" && b.type === "split") return { ...b, split: { ...b.split, filterGroup: changed.split.filterGroup } };
    if (changed.type === "abTesting" && b.type === "abTesting")
      return { ...b, abTesting: { ...b.abTesting, aBlocksPercentage: changed.abTesting.aBlocksPercentage } };
    return changed;
  });
}

function patchOne(current: Block, patch: PatchBlockRequest, builder: BlockBuilder, issues: Issues, path: Path): Block | null {
  if (current.type === "delay" && patch.delay) return { ...current, delay: checkDelay(patch.delay, issues, [...path, "delay"]) };
  if (current.type === "split" && patch.split)
    return { ...current, split: { ...current.split, filterGroup: builder.splitGroup(patch.split.filterGroup) } };
  if (current.type === "abTesting" && patch.abTesting)
    return { ...current, abTesting: { ...current.abTesting, aBlocksPercentage: patch.abTesting.aBlocksPercentage } };
  if (current.type !== "action" || !patch.action) return null;
  const req = patch.action;
  const at = [...path, "action"];
  if (req.type !== current.action.type) {
    issues.add([...at, "type"], "immutable", `is "${current.action.type}": an action's type cannot change`);
    return null;
  }
  for (const key of ACTION_KEYS) {
    if (key !== req.type && req[key] !== undefined)
      issues.add([...at, key], "not_allowed", `a ${req.type} action takes only "${req.type}"`);
  }
  const action = current.action;
  if (action.type === "sendEmail" && req.sendEmail) {
    const p = req.sendEmail;
    const next: SendEmail = { ...action.sendEmail };
    for (const key of ["language", "preheader", "subject", "senderName", "isSkipAllowed"] as const) {
      if (p[key] !== undefined) (next as Record<string, unknown>)[key] = p[key];
    }
    if (p.senderEmail !== undefined) next.senderEmail = p.senderEmail.toLowerCase();
    if (p.templateID !== undefined) {
      if (builder.hasTemplate(p.templateID)) next.contentId = p.templateID;
      else issues.add([...at, "sendEmail", "templateID"], "not_found", "names no email template of this brand");
    }
    if (p.replyToEmail === null || p.replyToEmail === "") delete next.replyToEmail;
    else if (p.replyToEmail !== undefined) next.replyToEmail = p.replyToEmail.toLowerCase();
    if (p.topicID === null || p.topicID === "") delete next.topicID;
    else if (p.topicID !== undefined && builder.checkTopic(p.topicID, [...at, "sendEmail", "topicID"])) next.topicID = p.topicID;
    return { ...current, action: { type: "sendEmail", sendEmail: next } };
  }
  if (action.type === "sendWebhook" && req.sendWebhook) {
    const p = req.sendWebhook;
    checkWebhook(p, issues, [...at, "sendWebhook"]);
    const next = { ...action.sendWebhook };
    if (p.callbackUrl !== undefined) next.callbackUrl = p.callbackUrl;
    if (p.body !== undefined) next.body = p.body;
    if (p.headers === null || (p.headers && p.headers.length === 0)) delete next.headers;
    else if (p.headers) next.headers = p.headers;
    return { ...current, action: { type: "sendWebhook", sendWebhook: next } };
  }
  if (action.type === "addTag" && req.addTag)
    return { ...current, action: { type: "addTag", addTag: { value: req.addTag.value.toLowerCase() } } };
  if (action.type === "removeTag" && req.removeTag)
    return { ...current, action: { type: "removeTag", removeTag: { value: req.removeTag.value.toLowerCase() } } };
  return null;
}
