import { describe, expect, it } from "vitest";
import { patchAt, valueAt } from "./field-values";
import { menuItemFrom, menuItemTo } from "./menu-items";

describe("dotted field keys", () => {
  const block = { id: "b", type: "button", button: { text: "Go", link: "https://a.example" }, lineSpace: { type: "line" } };

  it("read nested published fields", () => {
    expect(valueAt(block, "button.text")).toBe("Go");
    expect(valueAt(block, "video.image.source")).toBeUndefined();
  });

  it("patch the top-level key, keeping the siblings, and drop emptied objects", () => {
    expect(patchAt(block, "button.link", "https://b.example")).toEqual({ button: { text: "Go", link: "https://b.example" } });
    expect(patchAt(block, "video.image.source", "https://i.example/x.png")).toEqual({
      video: { image: { source: "https://i.example/x.png" } },
    });
    expect(patchAt(block, "lineSpace.type", undefined)).toEqual({ lineSpace: undefined });
    expect(patchAt(block, "stylePresetID", "primary_button")).toEqual({ stylePresetID: "primary_button" });
  });
});

describe("menu items", () => {
  it("are edited as a label and a link, and written back as an escaped <a href>", () => {
    const item = menuItemFrom({
      id: "m",
      type: "text",
      role: "menu_text",
      text: '<a href="https://shop.example/?a=1&amp;b=2">Shop &amp; more</a>',
    });
    expect(item).toMatchObject({ text: "Shop & more", link: "https://shop.example/?a=1&b=2" });
    expect(menuItemTo({ ...item, text: 'New "in"' })).toEqual({
      id: "m",
      type: "text",
      role: "menu_text",
      text: '<a href="https://shop.example/?a=1&amp;b=2">New &quot;in&quot;</a>',
    });
    expect(menuItemTo({ ...item, link: "" }).text).toBe("Shop &amp; more");
  });
});
