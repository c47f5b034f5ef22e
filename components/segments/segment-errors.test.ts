import { describe, expect, it } from "vitest";
import { labelled } from "@/components/ui/messages";
import { fieldErrorsFromZod } from "@/lib/http/zod-errors";
import { SegmentInput } from "@/lib/segments/schemas";
import { builderReducer, emptyBuilder, toApi, type BuilderAction, type BuilderState } from "./condition-builder-state";
import { clearedBy, describeErrors, placeErrors } from "./segment-errors";

const run = (...actions: BuilderAction[]) => actions.reduce(builderReducer, emptyBuilder());

/** What the API answers for this form (the schema POST /api/segments validates with). */
function apiErrors(name: string, state: BuilderState) {
  const result = SegmentInput.safeParse({ name, conditionGroups: toApi(state) }, { reportInput: true });
  if (result.success) throw new Error("expected the segment to be refused");
  return fieldErrorsFromZod(result.error.issues);
}

// Group 1: a contact filter "total spent more than abc" (k2), then an event filter (k5) "in the last 0 days".
const at = { group: "k0", condition: "k1" };
const state = run(
  { type: "addGroup" },
  { type: "updateFilter", ...at, filter: "k2", patch: { property: "totalSpent" } },
  { type: "updateFilter", ...at, filter: "k2", patch: { value: "abc" } },
  { type: "addCondition", group: "k0", entity: "event" },
  {
    type: "updateFilter",
    group: "k0",
    condition: "k3",
    filter: "k4",
    patch: { name: "Placed Order", period: { operator: "inTheLast", value: "0", values: [], valueFrom: "", valueTo: "", unit: "days" } },
  },
);

describe("segment form errors", () => {
  const placed = placeErrors(state, apiErrors("", state));
  const shown = (s: BuilderState = state, p = placed) => describeErrors(s, p).map((e) => labelled(e.label, e.message));

  it("names each error by where it is and the input's label, in the catalog's words", () => {
    expect(shown()).toEqual([
      "Segment name: enter a segment name.",
      "Group 1, condition 1, contact filter 1: Amount: enter a number.",
      "Group 1, condition 2, event filter 1: How many: enter a whole number, 1 or more.",
    ]);
    expect(describeErrors(state, placed).map((e) => e.target)).toEqual(["segment-name", "k2-value", "k4-period-value"]);
  });

  it("drops the error of the input that changed, and only that one", () => {
    const fixed = clearedBy({ type: "updateFilter", ...at, filter: "k2", patch: { value: "100" } });
    expect(placed.filter((e) => !fixed(e.key)).map((e) => e.key)).toEqual(["name", "k4.period.value"]);
    // Another field of the same row leaves the value's error in place.
    const other = clearedBy({ type: "updateFilter", ...at, filter: "k2", patch: { unit: "weeks" } });
    expect(placed.filter((e) => !other(e.key))).toHaveLength(3);
    // A new property starts the row over.
    const over = clearedBy({ type: "updateFilter", ...at, filter: "k2", patch: { property: "tags" } });
    expect(placed.filter((e) => !over(e.key)).map((e) => e.key)).toEqual(["name", "k4.period.value"]);
  });

  it("keeps errors on their drafts when rows move, and forgets those of removed rows", () => {
    const removed = builderReducer(state, { type: "removeCondition", ...at });
    expect(shown(removed)).toEqual([
      "Segment name: enter a segment name.",
      "Group 1, condition 1, event filter 1: How many: enter a whole number, 1 or more.",
    ]);
  });
});
