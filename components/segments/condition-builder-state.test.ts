import { describe, expect, it } from "vitest";
import { builderReducer, emptyBuilder, fromApi, incompleteReason, locatePointer, toApi, type BuilderState } from "./condition-builder-state";

const run = (...actions: Parameters<typeof builderReducer>[1][]) => actions.reduce(builderReducer, emptyBuilder());
const keys = (state: BuilderState) => state.groups.map((g) => [g.key, g.conditions.map((c) => c.key)]);

describe("condition builder state", () => {
  it("adds a group with one condition, then more conditions to it, each with its own key", () => {
    let state = run({ type: "addGroup" });
    expect(state.groups).toHaveLength(1);
    expect(state.groups[0].conditions).toHaveLength(1);
    const group = state.groups[0].key;
    state = builderReducer(state, { type: "addCondition", group, conditionType: "tag" });
    state = builderReducer(state, { type: "addGroup", conditionType: "status" });
    expect(keys(state)).toEqual([["k0", ["k1", "k2"]], ["k3", ["k4"]]]);
    expect(state.groups[0].conditions.map((c) => c.type)).toEqual(["event", "tag"]);
  });

  it("removes a condition, and the group with its last condition", () => {
    let state = run({ type: "addGroup" }, { type: "addCondition", group: "k0", conditionType: "tag" }, { type: "addGroup" });
    state = builderReducer(state, { type: "removeCondition", group: "k0", condition: "k1" });
    expect(keys(state)).toEqual([["k0", ["k2"]], ["k3", ["k4"]]]);
    state = builderReducer(state, { type: "removeCondition", group: "k0", condition: "k2" });
    expect(keys(state)).toEqual([["k3", ["k4"]]]);
    state = builderReducer(state, { type: "removeGroup", group: "k3" });
    expect(state.groups).toEqual([]);
    expect(incompleteReason(state)).toMatch(/Add a condition/);
  });

  it("changing a condition's type starts it over with that type's defaults", () => {
    let state = run({ type: "addGroup" }, { type: "updateCondition", group: "k0", condition: "k1", patch: { eventName: "viewed product" } });
    state = builderReducer(state, { type: "changeConditionType", group: "k0", condition: "k1", conditionType: "status" });
    expect(toApi(state)).toEqual([{ conditions: [{ type: "status", channel: "email", operator: "is", value: "subscribed" }] }]);
  });

  it("serializes contact and event conditions to the API format: AND inside a group, OR between groups", () => {
    let state = run({ type: "addGroup", conditionType: "tag" }, { type: "addCondition", group: "k0", conditionType: "event" }, { type: "addGroup", conditionType: "customProperty" });
    state = builderReducer(state, { type: "updateCondition", group: "k0", condition: "k1", patch: { value: " vip " } });
    state = builderReducer(state, { type: "updateCondition", group: "k0", condition: "k2", patch: { eventName: "viewed product", atLeast: "2", withinLastDays: "30" } });
    state = builderReducer(state, { type: "updateCondition", group: "k3", condition: "k4", patch: { field: "score", operator: "gte", value: "10", valueType: "number" } });
    expect(incompleteReason(state)).toBeNull();
    expect(toApi(state)).toEqual([
      {
        conditions: [
          { type: "tag", operator: "has", value: "vip" },
          { type: "event", eventName: "viewed product", operator: "did", atLeast: 2, withinLastDays: 30 },
        ],
      },
      { conditions: [{ type: "customProperty", key: "score", operator: "gte", value: 10 }] },
    ]);
  });

  it("leaves out the value where the operator takes none, and sends booleans as booleans", () => {
    let state = run({ type: "addGroup", conditionType: "profile" }, { type: "addCondition", group: "k0", conditionType: "customProperty" });
    state = builderReducer(state, { type: "updateCondition", group: "k0", condition: "k1", patch: { field: "city", operator: "exists", value: "ignored" } });
    state = builderReducer(state, { type: "updateCondition", group: "k0", condition: "k2", patch: { field: "vip", value: "true", valueType: "boolean" } });
    expect(toApi(state)[0].conditions).toEqual([
      { type: "profile", field: "city", operator: "exists" },
      { type: "customProperty", key: "vip", operator: "equals", value: true },
    ]);
  });

  it("sends text that is not a number as text, so the API reports the field", () => {
    const state = run({ type: "addGroup", conditionType: "date" }, { type: "updateCondition", group: "k0", condition: "k1", patch: { value: "soon" } });
    expect(toApi(state)[0].conditions[0]).toEqual({ type: "date", field: "createdAt", operator: "withinLastDays", value: "soon" });
  });

  it("reports an incomplete draft instead of counting it", () => {
    expect(incompleteReason(run({ type: "addGroup" }))).toMatch(/event name/);
    expect(incompleteReason(run({ type: "addGroup", conditionType: "tag" }))).toMatch(/value/);
    expect(incompleteReason(run({ type: "addGroup", conditionType: "status" }))).toBeNull();
  });

  it("round-trips stored groups through the drafts", () => {
    const groups = [
      { conditions: [{ type: "status" as const, channel: "sms" as const, operator: "isNot" as const, value: "unsubscribed" as const }, { type: "event" as const, eventName: "order placed", operator: "didNot" as const, atLeast: 1 }] },
      { conditions: [{ type: "date" as const, field: "updatedAt" as const, operator: "after" as const, value: "2026-01-02T03:04:00.000Z" }] },
    ];
    const state = fromApi(groups);
    expect(toApi(state)).toEqual(groups);
    expect(builderReducer(emptyBuilder(), { type: "reset", groups })).toEqual(state);
  });

  it("maps an API error pointer to the group, condition and field it names", () => {
    const state = run({ type: "addGroup", conditionType: "customProperty" }, { type: "addGroup" }, { type: "addCondition", group: "k2", conditionType: "status" });
    expect(locatePointer(state, "/conditionGroups/1/conditions/1/channel")).toEqual({ group: "k2", condition: "k4", field: "field" });
    expect(locatePointer(state, "/conditionGroups/0/conditions/0/key")).toEqual({ group: "k0", condition: "k1", field: "field" });
    expect(locatePointer(state, "/conditionGroups/1/conditions/0/eventName")).toEqual({ group: "k2", condition: "k3", field: "eventName" });
    expect(locatePointer(state, "/conditionGroups/1")).toEqual({ group: "k2" });
    expect(locatePointer(state, "/conditionGroups/5/conditions/0")).toBeNull();
    expect(locatePointer(state, "/name")).toBeNull();
  });
});
