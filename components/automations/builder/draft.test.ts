import { describe, expect, it } from "vitest";
import type { Block } from "../automations-client";
import { allBlocks, blocksForPut, draftReducer, findBlock, keyOf, patchBody, type Draft } from "./draft";

const delay: Block = { id: "d1", type: "delay", delay: { mode: "duration", duration: { amount: 1, units: "d" } } };
const email: Block = {
  id: "e1",
  type: "action",
  action: {
    type: "sendEmail",
    sendEmail: { contentID: "t1", isSkipAllowed: true, language: "en_US", preheader: "", subject: "Hi", senderName: "Shop" },
  },
};
const split: Block = {
  id: "s1",
  type: "split",
  split: {
    filterGroup: { logicalOperator: "and", filters: [{ type: "message", field: "blockID", operator: "openedEmail", value: "e1" }] },
    trueBlocks: [],
    falseBlocks: [],
  },
};
const draft: Draft = {
  name: "Flow",
  trigger: { condition: { event: "added product to cart", origin: "api" } },
  blocks: [email, delay, split],
  exitConditions: [],
  settings: { sendingThresholds: { email: "subscribed", sms: "subscribed" } },
};
const tag = (id: string): Block => ({ temporaryID: id, type: "action", action: { type: "addTag", addTag: { value: id } } });

describe("draft actions", () => {
  it("inserts at the top level and into a branch", () => {
    let d = draftReducer(draft, { type: "insert", slot: { parent: null, branch: null, index: 1 }, block: tag("t1") });
    expect(d.blocks.map(keyOf)).toEqual(["e1", "t1", "d1", "s1"]);
    d = draftReducer(d, { type: "insert", slot: { parent: "s1", branch: "false", index: 0 }, block: tag("t2") });
    d = draftReducer(d, { type: "insert", slot: { parent: "s1", branch: "false", index: 0 }, block: tag("t3") });
    const s = findBlock(d.blocks, "s1");
    expect(s?.type === "split" && s.split.falseBlocks.map(keyOf)).toEqual(["t3", "t2"]);
    expect(allBlocks(d.blocks).map(keyOf)).toEqual(["e1", "t1", "d1", "s1", "t3", "t2"]);
    expect(draft.blocks.map(keyOf)).toEqual(["e1", "d1", "s1"]); // the original is untouched
  });

  it("updates a block's own configuration, keeping a split's branches", () => {
    const d1 = draftReducer(draft, { type: "insert", slot: { parent: "s1", branch: "true", index: 0 }, block: tag("yes") });
    const changed: Block = { ...split, split: { ...split.split, filterGroup: { logicalOperator: "or", filters: [] }, trueBlocks: [] } };
    const d2 = draftReducer(d1, { type: "update", key: "s1", block: changed });
    const s = findBlock(d2.blocks, "s1");
    expect(s?.type === "split" && s.split.filterGroup.logicalOperator).toBe("or");
    expect(s?.type === "split" && s.split.trueBlocks.map(keyOf)).toEqual(["yes"]);
  });

  it("removes a block, nested ones too", () => {
    const d1 = draftReducer(draft, { type: "insert", slot: { parent: "s1", branch: "true", index: 0 }, block: tag("yes") });
    expect(allBlocks(draftReducer(d1, { type: "remove", key: "yes" }).blocks).map(keyOf)).toEqual(["e1", "d1", "s1"]);
    expect(draftReducer(d1, { type: "remove", key: "s1" }).blocks.map(keyOf)).toEqual(["e1", "d1"]);
  });
});

describe("saving", () => {
  it("sends saved blocks by id without their template, new ones by temporaryID with it", () => {
    const newEmail: Block = {
      temporaryID: "n1",
      type: "action",
      action: {
        type: "sendEmail",
        sendEmail: { templateID: "t2", language: "en_US", preheader: "", subject: "Again", senderName: "Shop" },
      },
    };
    const d = draftReducer(draft, { type: "insert", slot: { parent: "s1", branch: "false", index: 0 }, block: newEmail });
    const body = blocksForPut(d.blocks) as any[];
    expect(body[0]).toEqual({
      id: "e1",
      type: "action",
      action: {
        type: "sendEmail",
        sendEmail: { isSkipAllowed: true, language: "en_US", preheader: "", subject: "Hi", senderName: "Shop" },
      },
    });
    expect(body[2].split.falseBlocks[0]).toMatchObject({ temporaryID: "n1", action: { sendEmail: { templateID: "t2" } } });
    expect(body[2].split.filterGroup.filters[0].value).toBe("e1");
  });

  it("patches with null for what was cleared", () => {
    expect(patchBody(draft)).toEqual({
      name: "Flow",
      trigger: { condition: draft.trigger.condition, audienceFilterGroup: null, inactivitySettings: null },
      exitConditions: [],
      settings: { sendingThresholds: draft.settings.sendingThresholds, frequencyLimiter: null, overlapLimiter: null },
    });
  });
});
