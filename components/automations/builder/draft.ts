// The flow builder's document: the workflow as the API returns it, changed by actions in a pure reducer
// (each action unit-tested), saved back with PATCH (name, trigger, exit conditions, settings) and PUT
// .../blocks (saved blocks by id, new ones by temporaryID). A slot is a place in a sequence: the top
// level (parent null) or a branch of a split or A/B test.
import { LIVE_EMAIL_FIELDS as LIVE_FIELDS } from "@/lib/automations/live-fields";
import type { Automation, Block, ExitCondition, SendEmail, Settings, Trigger } from "../automations-client";

export type Draft = { name: string; trigger: Trigger; blocks: Block[]; exitConditions: ExitCondition[]; settings: Settings };
export type Branch = "true" | "false" | "a" | "b";
export type Slot = { parent: string | null; branch: Branch | null; index: number };

export type DraftAction =
  | { type: "rename"; name: string }
  | { type: "setTrigger"; trigger: Trigger }
  | { type: "setExits"; exitConditions: ExitCondition[] }
  | { type: "setSettings"; settings: Settings }
  | { type: "insert"; slot: Slot; block: Block }
  | { type: "update"; key: string; block: Block }
  | { type: "remove"; key: string }
  | { type: "reset"; draft: Draft };

export const keyOf = (b: Block): string => b.id ?? b.temporaryID ?? "";

export function draftOf(a: Automation): Draft {
  return { name: a.name, trigger: a.trigger, blocks: a.blocks, exitConditions: a.exitConditions, settings: a.settings };
}

let counter = 0;
/** A temporary id for a block added in the builder (unique in the request, at most 36 characters). */
export function newTemporaryId(): string {
  counter = (counter + 1) % 1_000_000;
  return `new-${Date.now().toString(36)}-${counter}`;
}

function branchOf(block: Block, branch: Branch): Block[] | null {
  if (block.type === "split") return branch === "true" ? block.split.trueBlocks : branch === "false" ? block.split.falseBlocks : null;
  if (block.type === "abTesting") return branch === "a" ? block.abTesting.aBlocks : branch === "b" ? block.abTesting.bBlocks : null;
  return null;
}

function withBranch(block: Block, branch: Branch, blocks: Block[]): Block {
  if (block.type === "split") return { ...block, split: { ...block.split, [branch === "true" ? "trueBlocks" : "falseBlocks"]: blocks } };
  if (block.type === "abTesting") return { ...block, abTesting: { ...block.abTesting, [branch === "a" ? "aBlocks" : "bBlocks"]: blocks } };
  return block;
}

/** The tree with the sequence at (parent, branch) replaced by `change(sequence)`. */
function changeSequence(blocks: Block[], parent: string | null, branch: Branch | null, change: (seq: Block[]) => Block[]): Block[] {
  if (parent === null) return change(blocks);
  return blocks.map((b) => {
    if (keyOf(b) === parent && branch) {
      const seq = branchOf(b, branch);
      return seq ? withBranch(b, branch, change(seq)) : b;
    }
    let next = b;
    for (const name of ["true", "false", "a", "b"] as Branch[]) {
      const seq = branchOf(next, name);
      if (seq) next = withBranch(next, name, changeSequence(seq, parent, branch, change));
    }
    return next;
  });
}

function mapTree(blocks: Block[], map: (b: Block) => Block | null): Block[] {
  return blocks.flatMap((b) => {
    let next: Block = b;
    for (const name of ["true", "false", "a", "b"] as Branch[]) {
      const seq = branchOf(next, name);
      if (seq) next = withBranch(next, name, mapTree(seq, map));
    }
    const mapped = map(next);
    return mapped ? [mapped] : [];
  });
}

/** Every block in pre-order (a block before its branches). */
export function allBlocks(blocks: Block[]): Block[] {
  return blocks.flatMap((b) => [b, ...(["true", "false", "a", "b"] as Branch[]).flatMap((name) => allBlocks(branchOf(b, name) ?? []))]);
}

export function findBlock(blocks: Block[], key: string): Block | undefined {
  return allBlocks(blocks).find((b) => keyOf(b) === key);
}

export function draftReducer(draft: Draft, action: DraftAction): Draft {
  switch (action.type) {
    case "rename":
      return { ...draft, name: action.name };
    case "setTrigger":
      return { ...draft, trigger: action.trigger };
    case "setExits":
      return { ...draft, exitConditions: action.exitConditions };
    case "setSettings":
      return { ...draft, settings: action.settings };
    case "insert": {
      const { parent, branch, index } = action.slot;
      return {
        ...draft,
        blocks: changeSequence(draft.blocks, parent, branch, (seq) => [...seq.slice(0, index), action.block, ...seq.slice(index)]),
      };
    }
    case "update":
      // Branches stay as they are: the panels change a block's own configuration.
      return {
        ...draft,
        blocks: mapTree(draft.blocks, (b) => {
          if (keyOf(b) !== action.key) return b;
          if (b.type === "split" && action.block.type === "split")
            return { ...action.block, split: { ...action.block.split, trueBlocks: b.split.trueBlocks, falseBlocks: b.split.falseBlocks } };
          if (b.type === "abTesting" && action.block.type === "abTesting")
            return {
              ...action.block,
              abTesting: { ...action.block.abTesting, aBlocks: b.abTesting.aBlocks, bBlocks: b.abTesting.bBlocks },
            };
          return action.block;
        }),
      };
    case "remove":
      return { ...draft, blocks: mapTree(draft.blocks, (b) => (keyOf(b) === action.key ? null : b)) };
    case "reset":
      return action.draft;
  }
}

/** The PUT .../blocks body: saved blocks by id (an email's template is its content), new ones by temporaryID. */
export function blocksForPut(blocks: Block[]): unknown[] {
  return blocks.map((b) => {
    const head = b.id ? { id: b.id, type: b.type } : { temporaryID: b.temporaryID, type: b.type };
    switch (b.type) {
      case "delay":
        return { ...head, delay: b.delay };
      case "action": {
        if (b.action.type !== "sendEmail") return { ...head, action: b.action };
        const { contentID, templateID, ...email } = b.action.sendEmail;
        return { ...head, action: { type: "sendEmail", sendEmail: b.id ? email : { ...email, templateID: templateID ?? contentID } } };
      }
      case "split":
        return {
          ...head,
          split: {
            filterGroup: b.split.filterGroup,
            trueBlocks: blocksForPut(b.split.trueBlocks),
            falseBlocks: blocksForPut(b.split.falseBlocks),
          },
        };
      case "abTesting":
        return {
          ...head,
          abTesting: {
            aBlocksPercentage: b.abTesting.aBlocksPercentage,
            aBlocks: blocksForPut(b.abTesting.aBlocks),
            bBlocks: blocksForPut(b.abTesting.bBlocks),
          },
        };
    }
  });
}

/** The PATCH body for everything but the blocks (null clears what the draft no longer has). */
export function patchBody(draft: Draft): Record<string, unknown> {
  return {
    name: draft.name,
    trigger: {
      condition: draft.trigger.condition,
      audienceFilterGroup: draft.trigger.audienceFilterGroup ?? null,
      inactivitySettings: draft.trigger.inactivitySettings ?? null,
    },
    exitConditions: draft.exitConditions,
    settings: {
      sendingThresholds: draft.settings.sendingThresholds,
      frequencyLimiter: draft.settings.frequencyLimiter ?? null,
      overlapLimiter: draft.settings.overlapLimiter ?? null,
    },
  };
}

/** An email's template id: the content a saved block sends, or the template a new one was given. */
export const templateOf = (email: { contentID?: string; templateID?: string }) => email.templateID ?? email.contentID ?? null;

// ---- live edits of an enabled workflow (lib/automations/live-edit.ts): its email steps' content only

type EmailBlock = Extract<Block, { type: "action" }> & { action: { type: "sendEmail"; sendEmail: SendEmail } };
const emailsById = (blocks: Block[]) =>
  new Map(
    allBlocks(blocks)
      .filter((b): b is EmailBlock => b.type === "action" && b.action.type === "sendEmail" && Boolean(b.id))
      .map((b) => [b.id!, b.action.sendEmail]),
  );

/** The draft with every email step's content put back as saved: what is left differs in structure. */
function withoutEmailContent(draft: Draft, saved: Draft): Draft {
  const before = emailsById(saved.blocks);
  return {
    ...draft,
    blocks: mapTree(draft.blocks, (b) => {
      const was = b.id ? before.get(b.id) : undefined;
      if (!was || b.type !== "action" || b.action.type !== "sendEmail") return b;
      const kept: SendEmail = { ...b.action.sendEmail, contentID: was.contentID, templateID: was.templateID };
      for (const f of LIVE_FIELDS) kept[f] = was[f] as string;
      for (const key of Object.keys(kept) as (keyof SendEmail)[]) if (kept[key] === undefined) delete kept[key];
      return { ...b, action: { type: "sendEmail", sendEmail: kept } };
    }),
  };
}

/** Whether the draft changes more than the content of email steps (refused while the workflow is enabled). */
export function changesStructure(draft: Draft, saved: Draft): boolean {
  return JSON.stringify(withoutEmailContent(draft, saved)) !== JSON.stringify(saved);
}

/** What the API takes no empty value for; emptied while enabled, the save is refused with these words. */
const EMPTY_REFUSED: Record<Exclude<(typeof LIVE_FIELDS)[number], "preheader" | "replyToEmail">, string> = {
  subject: "An email's subject cannot be empty",
  senderName: "An email's sender name cannot be empty",
  senderEmail: "An email's sender address cannot be emptied while the workflow is enabled: choose another sender",
  language: "An email's language cannot be empty",
};

/**
 * The PATCH body of a live edit: each changed email step's changed fields (null when nothing changed).
 * Throws when a field the API refuses empty was emptied, rather than leave it out and report "Saved".
 */
export function liveEditBody(draft: Draft, saved: Draft): { blocks: unknown[] } | null {
  const before = emailsById(saved.blocks);
  const blocks: unknown[] = [];
  const refused: string[] = [];
  for (const [id, now] of emailsById(draft.blocks)) {
    const was = before.get(id);
    if (!was) continue;
    const fields: Record<string, unknown> = {};
    for (const f of LIVE_FIELDS) {
      if ((now[f] ?? "") === (was[f] ?? "")) continue;
      if (now[f]) fields[f] = now[f];
      else if (f === "replyToEmail") fields[f] = null;
      else if (f === "preheader") fields[f] = "";
      // Dropping the rest would say "Saved" while the email keeps its old value.
      else refused.push(EMPTY_REFUSED[f]);
    }
    if (templateOf(now) !== templateOf(was)) fields.templateID = templateOf(now);
    if (Object.keys(fields).length) blocks.push({ id, type: "action", action: { type: "sendEmail", sendEmail: fields } });
  }
  if (refused.length) throw new Error([...new Set(refused)].join("; ") + ". Nothing was saved.");
  return blocks.length ? { blocks } : null;
}

// ---- undo and redo over the builder's edits: whole drafts kept, as the template editor keeps them

export type Edits = { past: Draft[]; present: Draft; future: Draft[]; last?: { key: string; at: number } };
export type EditAction = DraftAction | { type: "undo" } | { type: "redo" };
const KEEP = 100;
/** Typing in one field makes one step to undo: edits of the same thing within this long are merged. */
const MERGE_MS = 1000;

const editKey = (a: DraftAction) => (a.type === "update" ? `update:${a.key}` : a.type);

export function editsOf(draft: Draft): Edits {
  return { past: [], present: draft, future: [] };
}

/** The draft reducer with history; `at` (the time of the edit) merges keystrokes into one step. */
export function editsReducer(state: Edits, action: EditAction & { at?: number }): Edits {
  if (action.type === "undo") {
    const previous = state.past.at(-1);
    return previous ? { past: state.past.slice(0, -1), present: previous, future: [state.present, ...state.future] } : state;
  }
  if (action.type === "redo") {
    const [next, ...rest] = state.future;
    return next ? { past: [...state.past, state.present], present: next, future: rest } : state;
  }
  const present = draftReducer(state.present, action);
  if (present === state.present || JSON.stringify(present) === JSON.stringify(state.present)) return state;
  if (action.type === "reset") return editsOf(present);
  const key = editKey(action);
  const at = action.at ?? 0;
  const merge = state.last && state.last.key === key && at - state.last.at < MERGE_MS && key !== "insert" && key !== "remove";
  return {
    past: merge ? state.past : [...state.past, state.present].slice(-KEEP),
    present,
    future: [],
    last: { key, at },
  };
}
