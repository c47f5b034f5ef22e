import { describe, expect, it } from "vitest";
import { draftReducer, NEW_DRAFT } from "./form-draft";

describe("draftReducer", () => {
  it("adds and removes fields, never the email", () => {
    const added = draftReducer(NEW_DRAFT, { type: "toggleField", name: "city", on: true });
    expect(added.fields.map((f) => f.name)).toEqual(["email", "firstName", "city"]);
    expect(draftReducer(added, { type: "toggleField", name: "email", on: false }).fields[0].name).toBe("email");
    expect(draftReducer(added, { type: "toggleField", name: "city", on: false }).fields.map((f) => f.name)).toEqual(["email", "firstName"]);
  });

  it("moves fields but keeps email first, and keeps email required", () => {
    const d = draftReducer(NEW_DRAFT, { type: "toggleField", name: "city", on: true });
    expect(draftReducer(d, { type: "moveField", name: "city", by: -1 }).fields.map((f) => f.name)).toEqual(["email", "city", "firstName"]);
    expect(draftReducer(d, { type: "moveField", name: "firstName", by: -1 })).toBe(d);
    expect(draftReducer(d, { type: "field", name: "email", required: false }).fields[0].required).toBe(true);
  });

  it("a popup gets a delay trigger, other modes none; triggers only apply to popups", () => {
    const popup = draftReducer(NEW_DRAFT, { type: "mode", mode: "popup" });
    expect(popup.display).toEqual({ mode: "popup", trigger: { type: "delay", seconds: 5 } });
    expect(draftReducer(popup, { type: "trigger", trigger: { type: "exitIntent" } }).display.trigger).toEqual({ type: "exitIntent" });
    expect(draftReducer(NEW_DRAFT, { type: "trigger", trigger: { type: "exitIntent" } })).toBe(NEW_DRAFT);
    expect(draftReducer(popup, { type: "mode", mode: "page" }).display.trigger).toBeNull();
  });

  it("toggles topics once", () => {
    const on = draftReducer(NEW_DRAFT, { type: "toggleTopic", id: "t1", on: true });
    expect(draftReducer(on, { type: "toggleTopic", id: "t1", on: true }).topicIDs).toEqual(["t1"]);
    expect(draftReducer(on, { type: "toggleTopic", id: "t1", on: false }).topicIDs).toEqual([]);
  });
});
