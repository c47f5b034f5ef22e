import { describe, expect, it } from "vitest";
import { ConditionGroups, propertyFilterKind } from "@/lib/segments/conditions";
import {
  builderReducer,
  emptyBuilder,
  fromApi,
  incompleteReason,
  locatePointer,
  toApi,
  type ApiConditionGroup,
  type BuilderState,
} from "./condition-builder-state";
import { summarize } from "./segment-summary";

const run = (...actions: Parameters<typeof builderReducer>[1][]) => actions.reduce(builderReducer, emptyBuilder());
const keys = (state: BuilderState) => state.groups.map((g) => [g.key, g.conditions.map((c) => [c.key, c.filters.map((f) => f.key)])]);
const at = (group: string, condition: string, filter: string) => ({ group, condition, filter });

describe("condition builder state", () => {
  it("adds groups, conditions of each entity and filters, each with its own key", () => {
    let state = run({ type: "addGroup" });
    expect(keys(state)).toEqual([["k0", [["k1", ["k2"]]]]]);
    state = builderReducer(state, { type: "addCondition", group: "k0", entity: "event" });
    state = builderReducer(state, { type: "addFilter", group: "k0", condition: "k1" });
    state = builderReducer(state, { type: "addGroup", entity: "event" });
    expect(keys(state)).toEqual([
      [
        "k0",
        [
          ["k1", ["k2", "k5"]],
          ["k3", ["k4"]],
        ],
      ],
      ["k6", [["k7", ["k8"]]]],
    ]);
    expect(state.groups[0].conditions.map((c) => c.entity)).toEqual(["contact", "event"]);
  });

  it("removing the last filter removes its condition, and the last condition its group", () => {
    let state = run({ type: "addGroup" }, { type: "addFilter", group: "k0", condition: "k1" });
    state = builderReducer(state, { type: "removeFilter", ...at("k0", "k1", "k2") });
    expect(keys(state)).toEqual([["k0", [["k1", ["k3"]]]]]);
    state = builderReducer(state, { type: "removeFilter", ...at("k0", "k1", "k3") });
    expect(state.groups).toEqual([]);
    expect(incompleteReason(state)).toMatch(/Add a condition/);
  });

  it("a new property starts the filter over with that property's operator; an operator that still fits is kept", () => {
    let state = run({ type: "addGroup" });
    state = builderReducer(state, { type: "updateFilter", ...at("k0", "k1", "k2"), patch: { values: ["vip"] } });
    state = builderReducer(state, { type: "updateFilter", ...at("k0", "k1", "k2"), patch: { property: "dateAdded" } });
    expect(toApi(state)[0].conditions[0]).toEqual({
      entity: "contact",
      junction: "and",
      filters: [{ property: "dateAdded", operator: "inTheLast", value: 30, unit: "days" }],
    });
    state = builderReducer(state, { type: "updateFilter", ...at("k0", "k1", "k2"), patch: { property: "custom", name: "score" } });
    state = builderReducer(state, { type: "updateFilter", ...at("k0", "k1", "k2"), patch: { name: "score", valueType: "number" } });
    expect(toApi(state)[0].conditions[0].filters[0]).toMatchObject({
      property: "custom",
      name: "score",
      valueType: "number",
      operator: "equals",
    });
  });

  it("serializes every kind of filter to the published model", () => {
    let state = run({ type: "addGroup" }, { type: "addCondition", group: "k0", entity: "event" }, { type: "addGroup" });
    state = builderReducer(state, { type: "updateFilter", ...at("k0", "k1", "k2"), patch: { values: ["vip"], value: "imported" } });
    state = builderReducer(state, {
      type: "updateFilter",
      ...at("k0", "k3", "k4"),
      patch: {
        name: " placed order ",
        value: "2",
        origin: "shopify",
        period: { operator: "inTheLast", value: "7", values: [], valueFrom: "", valueTo: "", unit: "days" },
      },
    });
    state = builderReducer(state, { type: "addPropertyFilter", ...at("k0", "k3", "k4") });
    state = builderReducer(state, {
      type: "updatePropertyFilter",
      ...at("k0", "k3", "k4"),
      property: "k8",
      patch: { property: "value", valueType: "number" },
    });
    state = builderReducer(state, {
      type: "updatePropertyFilter",
      ...at("k0", "k3", "k4"),
      property: "k8",
      patch: { operator: "moreThan", value: "50" },
    });
    state = builderReducer(state, { type: "updateFilter", ...at("k5", "k6", "k7"), patch: { property: "subscriptionStatus" } });
    expect(incompleteReason(state)).toBeNull();
    const groups = toApi(state);
    expect(groups).toEqual([
      {
        conditions: [
          { entity: "contact", junction: "and", filters: [{ property: "tags", operator: "anyOf", value: ["vip", "imported"] }] },
          {
            entity: "event",
            junction: "and",
            filters: [
              {
                name: "placed order",
                operator: "has",
                count: "atLeast",
                value: 2,
                origin: "shopify",
                period: { operator: "inTheLast", value: 7, unit: "days" },
                junction: "and",
                filters: [{ property: "value", operator: "moreThan", valueType: "number", value: 50 }],
              },
            ],
          },
        ],
      },
      {
        conditions: [
          {
            entity: "contact",
            junction: "and",
            filters: [{ property: "subscriptionStatus", operator: "equals", channels: ["email"], value: "subscribed" }],
          },
        ],
      },
    ]);
    // What the builder sends is what the API validates.
    expect(ConditionGroups.safeParse(groups).success).toBe(true);
    expect(summarize(groups)).toEqual([
      "Tags include any of vip or imported and has done “placed order” at least 2 times from shopify in the last 7 days where value is more than 50",
      "Email status is subscribed",
    ]);
  });

  it("sends text that is not a number as text, so the API reports the field", () => {
    const state = run(
      { type: "addGroup" },
      { type: "updateFilter", ...at("k0", "k1", "k2"), patch: { property: "totalSpent" } },
      { type: "updateFilter", ...at("k0", "k1", "k2"), patch: { value: "lots" } },
    );
    expect(toApi(state)[0].conditions[0].filters[0]).toEqual({ property: "totalSpent", operator: "moreThan", value: "lots" });
  });

  it("reports an incomplete draft instead of counting it", () => {
    expect(incompleteReason(run({ type: "addGroup" }))).toMatch(/value/);
    expect(incompleteReason(run({ type: "addGroup", entity: "event" }))).toMatch(/Choose an event/);
    // An event condition needs how many times, and an origin when its event arrives from several.
    const named = run(
      { type: "addGroup", entity: "event" },
      { type: "updateFilter", ...at("k0", "k1", "k2"), patch: { name: "placed order" } },
    );
    expect(incompleteReason(named)).toBeNull();
    expect(incompleteReason(builderReducer(named, { type: "updateFilter", ...at("k0", "k1", "k2"), patch: { value: " " } }))).toMatch(
      /how many times/,
    );
    const origins = (name: string) => (name === "placed order" ? ["api", "shopify"] : ["api"]);
    expect(incompleteReason(named, origins)).toMatch(/where the event comes from/);
    expect(
      incompleteReason(builderReducer(named, { type: "updateFilter", ...at("k0", "k1", "k2"), patch: { origin: "api" } }), origins),
    ).toBeNull();
    expect(
      incompleteReason(run({ type: "addGroup" }, { type: "updateFilter", ...at("k0", "k1", "k2"), patch: { property: "custom" } })),
    ).toMatch(/custom property/);
  });

  it("round-trips every published example through the drafts", async () => {
    const copy = (await import("@/tests/published/omnisend-segments.json")).default as {
      paths: { "/segments": { post: { requestExamples: { conditionGroups: ApiConditionGroup[] }[] } } };
    };
    for (const example of copy.paths["/segments"].post.requestExamples) {
      const stored = ConditionGroups.parse(example.conditionGroups);
      const state = fromApi(stored);
      // The builder writes the valueType a property filter compares as, where the example left it to inference.
      const typed = stored.map((g) => ({
        conditions: g.conditions.map((c) =>
          c.entity === "event"
            ? {
                ...c,
                filters: c.filters.map((f) =>
                  f.filters ? { ...f, filters: f.filters.map((p) => ({ ...p, valueType: p.valueType ?? propertyFilterKind(p) })) } : f,
                ),
              }
            : c,
        ),
      }));
      expect(ConditionGroups.parse(toApi(state))).toEqual(typed);
      expect(builderReducer(emptyBuilder(), { type: "reset", groups: stored })).toEqual(state);
      expect(summarize(stored)).toHaveLength(stored.length);
    }
  });

  it("maps an API error pointer to the filter and field it names", () => {
    let state = run({ type: "addGroup" }, { type: "addGroup", entity: "event" });
    state = builderReducer(state, { type: "addPropertyFilter", ...at("k3", "k4", "k5") });
    expect(locatePointer(state, "/conditionGroups/0/conditions/0/filters/0/value/1")).toEqual({ key: "k2", field: "value" });
    expect(locatePointer(state, "/conditionGroups/1/conditions/0/filters/0/origin")).toEqual({ key: "k5", field: "origin" });
    expect(locatePointer(state, "/conditionGroups/1/conditions/0/filters/0/filters/0/valueType")).toEqual({
      key: "k6",
      field: "valueType",
    });
    expect(locatePointer(state, "/conditionGroups/1/conditions/0/filters/0/period/value")).toEqual({ key: "k5", field: "period.value" });
    expect(locatePointer(state, "/conditionGroups/1/conditions/0/filters/0/period")).toEqual({ key: "k5", field: "period" });
    expect(locatePointer(state, "/conditionGroups/1")).toEqual({ key: "k3" });
    expect(locatePointer(state, "/conditionGroups/5/conditions/0")).toBeNull();
    expect(locatePointer(state, "/name")).toBeNull();
  });
});
