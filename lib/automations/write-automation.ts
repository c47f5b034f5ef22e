// Create, patch, replace blocks, copy, delete, and the UTM tags of email blocks (the published operations
// that change a workflow's definition). An enabled workflow answers 409 to edits, except the content of its
// email steps (./live-edit.ts); every rule failure of a request is reported at once
// (lib/automations/check-workflow.ts); every change is recorded in the workflow's history (./history.ts).
import { writeTransaction, type SqlRunner } from "@/lib/db/sql";
import { jsonValue } from "@/lib/db/values";
import { newId } from "@/lib/ids";
import { ApiProblem } from "@/lib/http/problems";
import type { Principal } from "@/lib/http/principal";
import { keptAmong, releaseTemplate } from "@/lib/templates/kept-templates";
import { loadBrandFacts, type BrandFacts, type FactRefs } from "./brand-facts";
import { BlockBuilder, patchBlocks } from "./build-blocks";
import {
  checkCondition,
  checkContactFilter,
  checkEventGroups,
  checkSettings,
  checkTree,
  frequencyFrom,
  overlapFrom,
  resolveOrigin,
} from "./check-workflow";
import { actorOf, recordChange, removeHistory, type Actor } from "./history";
import { Issues, type Path } from "./issues";
import { checkLiveEdit, checkLiveResult } from "./live-edit";
import { moveQueuedEmails, stepContents } from "./live-queued";
import {
  BUILT_IN_EVENTS,
  DEFAULT_SETTINGS,
  type AutomationRecord,
  type Block,
  type ContactFilterGroup,
  type ExitCondition,
  type Settings,
  type Trigger,
  type Utm,
} from "./model";
import { presentAutomation, utmTags } from "./present";
import type { CreateAutomationRequest, CreateBlockRequest, PatchAutomationRequest, PutBlocksRequest, UpdateBlockRequest } from "./schemas";
import { automationMissing, bumpTriggerVersion, findAutomation, getAutomation, insertAutomation, updateDefinition } from "./store";
import { flatten, isMessageBlock, mapBlocks } from "./tree";

type TriggerInput = CreateAutomationRequest["trigger"];
type ExitInput = NonNullable<CreateAutomationRequest["exitConditions"]>;
type SettingsInput = NonNullable<CreateAutomationRequest["settings"]>;
type BlockInput = CreateBlockRequest | UpdateBlockRequest;

const enabledConflict = () =>
  new ApiProblem(
    "automation-enabled",
    "The automation is enabled: disable it (POST /api/automations/{id}/disable), change it, then enable it again",
  );

// ---- what a request refers to (read once per request)

function blockRefs(blocks: BlockInput[], refs: FactRefs): void {
  for (const b of blocks) {
    if (b.action?.sendEmail?.templateID) refs.templates.push(b.action.sendEmail.templateID);
    if (b.action?.sendEmail?.topicID) (refs.topics ??= []).push(b.action.sendEmail.topicID);
    for (const f of b.split?.filterGroup.filters ?? [])
      if (f.type === "contact" && f.field === "segmentID") refs.segments.push(String(f.value));
    blockRefs(
      [...(b.split?.trueBlocks ?? []), ...(b.split?.falseBlocks ?? []), ...(b.abTesting?.aBlocks ?? []), ...(b.abTesting?.bBlocks ?? [])],
      refs,
    );
  }
}

function storedRefs(blocks: Block[], refs: FactRefs): void {
  for (const b of flatten(blocks)) {
    if (b.type === "split")
      for (const f of b.split.filterGroup.filters) if (f.type === "contact" && f.field === "segmentID") refs.segments.push(String(f.value));
  }
}

type TriggerRefs = {
  condition?: TriggerInput["condition"];
  audienceFilterGroup?: TriggerInput["audienceFilterGroup"] | null;
};

function refsOf(input: {
  trigger?: TriggerRefs | null;
  blocks?: BlockInput[];
  stored?: Block[];
  exitConditions?: ExitInput | null;
  settings?: SettingsInput;
  triggerEvent?: string;
}): FactRefs {
  const refs: FactRefs = { events: [], segments: [], templates: [], automations: [] };
  const condition = input.trigger?.condition;
  if (condition) {
    refs.events.push(condition.event);
    for (const f of (condition.filterGroups ?? []).flatMap((g) => g.filters))
      if (f.field === "segment_id") refs.segments.push(String(f.value));
  }
  if (input.triggerEvent) refs.events.push(input.triggerEvent);
  for (const f of input.trigger?.audienceFilterGroup?.filters ?? []) if (f.field === "segmentID") refs.segments.push(f.value);
  for (const exit of input.exitConditions ?? []) refs.events.push(exit.event);
  refs.automations.push(...(input.settings?.overlapLimiter?.automationIDs ?? []));
  blockRefs(input.blocks ?? [], refs);
  storedRefs(input.stored ?? [], refs);
  return refs;
}

// ---- the parts of a definition

function checkAudience(group: ContactFilterGroup | undefined, facts: BrandFacts, issues: Issues, path: Path): void {
  group?.filters.forEach((f, i) => checkContactFilter(f, facts, issues, [...path, "filters", i]));
}

function triggerFrom(input: TriggerInput, facts: BrandFacts, issues: Issues, path: Path): Trigger {
  const condition = checkCondition(input.condition, facts, issues, [...path, "condition"]);
  checkAudience(input.audienceFilterGroup, facts, issues, [...path, "audienceFilterGroup"]);
  const builtIn = (Object.values(BUILT_IN_EVENTS) as string[]).includes(condition.event);
  if (input.inactivitySettings && builtIn) {
    issues.add([...path, "inactivitySettings"], "not_allowed", `applies to event triggers, not to the built-in "${condition.event}"`);
  }
  return {
    condition,
    ...(input.audienceFilterGroup ? { audienceFilterGroup: input.audienceFilterGroup } : {}),
    ...(input.inactivitySettings ? { inactivitySettings: input.inactivitySettings } : {}),
  };
}

function exitsFrom(input: ExitInput, facts: BrandFacts, issues: Issues): ExitCondition[] {
  return input.map((exit, i) => {
    const path: Path = ["exitConditions", i];
    if (exit.event === BUILT_IN_EVENTS.birthday || exit.event === BUILT_IN_EVENTS.backInStock) {
      issues.add([...path, "event"], "not_allowed", `the built-in "${exit.event}" cannot be an exit condition`);
    }
    const identity = resolveOrigin(exit.event, exit.origin, facts, issues, path);
    if (exit.filterGroup) checkEventGroups([exit.filterGroup], facts.propertyTypes.get(exit.event), issues, [...path, "filterGroup"]);
    return { event: exit.event, ...identity, ...(exit.filterGroup ? { filterGroup: exit.filterGroup } : {}) };
  });
}

function settingsFrom(
  input: SettingsInput | undefined,
  current: Settings,
  selfId: string | null,
  facts: BrandFacts,
  issues: Issues,
): Settings {
  const next: Settings = { ...current };
  if (!input) return next;
  if (input.sendingThresholds) next.sendingThresholds = input.sendingThresholds;
  if (input.frequencyLimiter === null) delete next.frequencyLimiter;
  else if (input.frequencyLimiter) next.frequencyLimiter = frequencyFrom(input.frequencyLimiter, issues, ["settings", "frequencyLimiter"]);
  if (input.overlapLimiter === null) delete next.overlapLimiter;
  else if (input.overlapLimiter) next.overlapLimiter = overlapFrom(input.overlapLimiter, issues, ["settings", "overlapLimiter"]);
  if (!next.frequencyLimiter) delete next.frequencyLimiter;
  if (!next.overlapLimiter) delete next.overlapLimiter;
  checkSettings(next, selfId, facts, issues, ["settings"]);
  return next;
}

// ---- operations

export async function createAutomation(brandId: string, body: CreateAutomationRequest) {
  const facts = await loadBrandFacts(brandId, refsOf(body));
  const issues = new Issues();
  const trigger = triggerFrom(body.trigger, facts, issues, ["trigger"]);
  const exitConditions = exitsFrom(body.exitConditions ?? [], facts, issues);
  const settings = settingsFrom(body.settings, DEFAULT_SETTINGS, null, facts, issues);
  const builder = new BlockBuilder(issues, facts);
  const blocks = builder.build(body.blocks, ["blocks"]);
  checkTree(blocks, builder.paths, facts, trigger.condition.event, issues);
  issues.throwIfAny();
  return insertNew({ brandId, name: body.name, trigger, blocks, exitConditions, settings });
}

/** A new workflow, disabled, never enabled; answered as published. */
async function insertNew(definition: Pick<AutomationRecord, "brandId" | "name" | "trigger" | "blocks" | "exitConditions" | "settings">) {
  const now = new Date();
  const record: AutomationRecord = {
    ...definition,
    id: newId(now),
    isEnabled: false,
    firstEnabledAt: null,
    enabledAt: null,
    disabledAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await writeTransaction((tx) => insertAutomation(tx, record));
  return presentAutomation(record);
}

/**
 * Reads, changes and writes a workflow, again when another edit got in between, and records the change in
 * its history (./history.ts). An enabled one only when `whileEnabled` allows it: "utm" (UTM tags change
 * links, not the journey) or a check that throws for what may not change live (./live-edit.ts).
 */
async function editDefinition(
  brandId: string,
  id: string,
  change: (current: AutomationRecord) => Promise<AutomationRecord>,
  options: { actor: Actor; whileEnabled?: "refuse" | "utm" | ((current: AutomationRecord) => void) },
): Promise<AutomationRecord> {
  const whileEnabled = options.whileEnabled ?? "refuse";
  for (let attempt = 0; ; attempt++) {
    const current = await getAutomation(brandId, id);
    if (current.isEnabled) {
      if (whileEnabled === "refuse") throw enabledConflict();
      if (typeof whileEnabled === "function") whileEnabled(current);
    }
    const next = await change(current);
    // A live edit's new email content, stored now (it reads templates), given to the queued emails below.
    const contents = await stepContents(current, next);
    const now = new Date(Math.max(Date.now(), current.updatedAt.getTime() + 1));
    const written = { ...next, updatedAt: now };
    // Written only if the workflow is as read, enabled state included: a workflow enabled in between is
    // checked again (a structural change must not slip into an enabled workflow).
    const done = await writeTransaction(async (tx) => {
      if (!(await updateDefinition(tx, written, current.updatedAt, current.isEnabled))) return false;
      await recordChange(tx, current, written, options.actor, now, await moveQueuedEmails(tx, written, contents));
      return true;
    });
    if (done) return written;
    if (attempt >= 4) throw new ApiProblem("conflict", "The automation changed while this request was applied; send it again");
  }
}

export async function patchAutomation(brandId: string, id: string, body: PatchAutomationRequest, who: Principal) {
  const actor = await actorOf(who);
  const record = await editDefinition(
    brandId,
    id,
    async (current) => {
      const refs = refsOf({
        trigger: body.trigger,
        exitConditions: body.exitConditions,
        settings: body.settings,
        stored: current.blocks,
        triggerEvent: current.trigger.condition.event,
      });
      for (const f of (body.blocks ?? []).flatMap((b) => b.split?.filterGroup.filters ?? [])) {
        if (f.type === "contact" && f.field === "segmentID") refs.segments.push(String(f.value));
      }
      for (const b of body.blocks ?? []) if (b.action?.sendEmail?.templateID) refs.templates.push(b.action.sendEmail.templateID);
      for (const b of body.blocks ?? []) if (b.action?.sendEmail?.topicID) (refs.topics ??= []).push(b.action.sendEmail.topicID);
      const facts = await loadBrandFacts(brandId, refs);
      const issues = new Issues();
      const next: AutomationRecord = { ...current };
      if (body.name !== undefined) next.name = body.name;
      if (body.trigger) {
        const t = body.trigger;
        const condition = t.condition ? checkCondition(t.condition, facts, issues, ["trigger", "condition"]) : current.trigger.condition;
        const trigger: Trigger = { ...current.trigger, condition };
        if (t.audienceFilterGroup === null) delete trigger.audienceFilterGroup;
        else if (t.audienceFilterGroup) {
          checkAudience(t.audienceFilterGroup, facts, issues, ["trigger", "audienceFilterGroup"]);
          trigger.audienceFilterGroup = t.audienceFilterGroup;
        }
        if (t.inactivitySettings === null) delete trigger.inactivitySettings;
        else if (t.inactivitySettings) trigger.inactivitySettings = t.inactivitySettings;
        if (trigger.inactivitySettings && (Object.values(BUILT_IN_EVENTS) as string[]).includes(condition.event)) {
          issues.add(
            ["trigger", "inactivitySettings"],
            "not_allowed",
            `applies to event triggers, not to the built-in "${condition.event}"`,
          );
        }
        next.trigger = trigger;
      }
      if (body.exitConditions !== undefined) next.exitConditions = exitsFrom(body.exitConditions ?? [], facts, issues);
      next.settings = settingsFrom(body.settings, current.settings, current.id, facts, issues);
      const builder = new BlockBuilder(issues, facts, current.blocks);
      if (body.blocks) next.blocks = patchBlocks(current.blocks, body.blocks, builder, issues);
      checkTree(next.blocks, builder.paths, facts, next.trigger.condition.event, issues);
      issues.throwIfAny();
      if (current.isEnabled) await checkLiveResult(current, next);
      return next;
    },
    { actor, whileEnabled: () => checkLiveEdit(body) },
  );
  return presentAutomation(record);
}

export async function putBlocks(brandId: string, id: string, body: PutBlocksRequest, who: Principal) {
  const actor = await actorOf(who);
  const record = await editDefinition(
    brandId,
    id,
    async (current) => {
      const facts = await loadBrandFacts(brandId, refsOf({ blocks: body.blocks, triggerEvent: current.trigger.condition.event }));
      const issues = new Issues();
      const builder = new BlockBuilder(issues, facts, current.blocks);
      const blocks = builder.build(body.blocks, ["blocks"]);
      checkTree(blocks, builder.paths, facts, current.trigger.condition.event, issues);
      issues.throwIfAny();
      return { ...current, blocks };
    },
    { actor },
  );
  return presentAutomation(record);
}

/** Deletes a workflow with its enrollments, counters and timers; deleting one that does not exist succeeds (published). */
export async function deleteAutomation(brandId: string, id: string): Promise<void> {
  await writeTransaction(async (tx) => {
    const [row] = await tx.all<{ blocks: unknown }>(`SELECT "blocks" FROM "Automation" WHERE "id" = ? AND "brandId" = ?`, [id, brandId]);
    if (!row) return;
    await releaseKeptTemplates(tx, brandId, id, templatesSent(jsonValue(row.blocks) as Block[]));
    await removeAutomationRows(tx, brandId, id);
    await bumpTriggerVersion(tx);
  });
}

const templatesSent = (blocks: Block[]) =>
  flatten(blocks).flatMap((b) => (b.type === "action" && b.action.type === "sendEmail" ? [b.action.sendEmail.contentId] : []));

/**
 * Kept templates (a starter's, hidden from the template list) the deleted workflow sent and no other workflow
 * of the brand sends join the list: else nothing would ever show them again. The other workflows are read
 * only when the deleted one sent a kept template.
 */
async function releaseKeptTemplates(tx: SqlRunner, brandId: string, id: string, sent: string[]): Promise<void> {
  const kept = await keptAmong(tx, brandId, [...new Set(sent)]);
  if (!kept.length) return;
  const others = await tx.all<{ blocks: unknown }>(`SELECT "blocks" FROM "Automation" WHERE "brandId" = ? AND "id" <> ?`, [brandId, id]);
  const stillSent = new Set(others.flatMap((o) => templatesSent(jsonValue(o.blocks) as Block[])));
  for (const templateId of kept) if (!stillSent.has(templateId)) await releaseTemplate(tx, brandId, templateId);
}

async function removeAutomationRows(tx: SqlRunner, brandId: string, id: string): Promise<void> {
  for (const table of ["AutomationCounter", "AutomationSegmentMember"]) {
    await tx.run(`DELETE FROM "${table}" WHERE "automationId" = ?`, [id]);
  }
  await tx.run(`DELETE FROM "AutomationSchedule" WHERE "automationId" = ? AND "brandId" = ?`, [id, brandId]);
  await removeHistory(tx, brandId, id);
  // Enrollments and their block runs go with the row (foreign keys, ON DELETE CASCADE).
  await tx.run(`DELETE FROM "Automation" WHERE "id" = ? AND "brandId" = ?`, [id, brandId]);
}

/** A disabled copy with new block ids (split message filters follow their blocks), named "Copy of: <name>" by default. */
export async function copyAutomation(brandId: string, id: string, name: string | undefined) {
  const source = await getAutomation(brandId, id);
  const ids = new Map(flatten(source.blocks).map((b) => [b.id, newId()]));
  const blocks = mapBlocks(source.blocks, (b) => {
    const copy = { ...b, id: ids.get(b.id)! } as Block;
    if (copy.type === "split") {
      copy.split = {
        ...copy.split,
        filterGroup: {
          ...copy.split.filterGroup,
          filters: copy.split.filterGroup.filters.map((f) => (f.type === "message" ? { ...f, value: ids.get(f.value) ?? f.value } : f)),
        },
      };
    }
    return copy;
  });
  return insertNew({ ...source, name: name?.trim() ? name.trim() : `Copy of: ${source.name}`.slice(0, 250), blocks });
}

// ---- UTM tags of email blocks (allowed on enabled workflows: they change links, not the journey)

function emailBlock(record: AutomationRecord, blockId: string): Extract<Block, { type: "action" }> {
  const block = flatten(record.blocks).find((b) => b.id === blockId);
  if (!block) throw new ApiProblem("not-found", "No block with this id in the automation");
  if (!isMessageBlock(block)) {
    throw new ApiProblem(
      "validation-failed",
      `Block ${blockId} is a ${block.type === "action" ? block.action.type : block.type} block: only email blocks have UTM tags`,
      {
        errors: [
          { field: "blockID", pointer: "/blockID", code: "not_a_message_block", message: "names a block that sends no email", in: "path" },
        ],
      },
    );
  }
  return block as Extract<Block, { type: "action" }>;
}

export async function getBlockUtm(brandId: string, id: string, blockId: string) {
  const record = await getAutomation(brandId, id);
  const block = emailBlock(record, blockId);
  return { tags: utmTags(record, block.action.type === "sendEmail" ? block.action.sendEmail.utm : undefined) };
}

export async function putBlockUtm(brandId: string, id: string, blockId: string, tags: Utm, who: Principal) {
  const actor = await actorOf(who);
  const record = await editDefinition(
    brandId,
    id,
    async (current) => {
      emailBlock(current, blockId);
      const blocks = mapBlocks(current.blocks, (b) =>
        b.id === blockId && b.type === "action" && b.action.type === "sendEmail"
          ? { ...b, action: { ...b.action, sendEmail: { ...b.action.sendEmail, utm: tags } } }
          : b,
      );
      return { ...current, blocks };
    },
    { actor, whileEnabled: "utm" },
  );
  return { tags: utmTags(record, tags) };
}

export async function getAutomationUtm(brandId: string, id: string) {
  const record = await getAutomation(brandId, id);
  return {
    blocks: flatten(record.blocks)
      .filter(isMessageBlock)
      .map((b) => ({
        blockID: b.id,
        tags: utmTags(record, b.type === "action" && b.action.type === "sendEmail" ? b.action.sendEmail.utm : undefined),
      })),
  };
}

export async function getPublishedAutomation(brandId: string, id: string) {
  const found = await findAutomation(brandId, id);
  if (!found) throw automationMissing();
  return presentAutomation(found);
}
