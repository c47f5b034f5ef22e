import { describe, expect, it } from "vitest";
import { column, row, sampleDocument, section, text } from "../state/fixtures";
import { navigate, readingOrder, tabStopId } from "./keyboard-nav";

describe("canvas keyboard navigation", () => {
  const doc = sampleDocument();
  doc.sections.push(section("layout", [row("lr", [column("lc", [text("lb")])])], "universal_layout"), section("badge", [], "badge"));
  const order = readingOrder(doc).map((e) => e.id);

  it("walks every node in reading order, stepping over locked content and the badge", () => {
    expect(order[0]).toBe(doc.sections[0].id);
    expect(order).toContain("b1");
    expect(order).toContain("layout");
    expect(order).not.toContain("lb");
    expect(order).not.toContain("badge");
    expect(readingOrder(doc)).toBe(readingOrder(doc));
  });

  it("gives the tab stop to the selection, else the first section", () => {
    expect(tabStopId(doc, null)).toBe(order[0]);
    expect(tabStopId(doc, "b2")).toBe("b2");
  });

  it("goes down, up, into, out of, and between sections", () => {
    expect(navigate(doc, "b1", "ArrowDown")).toBe(order[order.indexOf("b1") + 1]);
    expect(navigate(doc, "b1", "ArrowUp")).toBe("c1");
    expect(navigate(doc, "c1", "ArrowRight")).toBe("b1");
    expect(navigate(doc, "b1", "ArrowRight")).toBeNull();
    expect(navigate(doc, "b1", "ArrowLeft")).toBe("c1");
    expect(navigate(doc, "s1", "ArrowLeft")).toBeNull();
    expect(navigate(doc, "b1", "PageDown")).toBe("s2");
    expect(navigate(doc, "b1", "PageUp")).toBe("s1");
    expect(navigate(doc, "s2", "PageUp")).toBe("s1");
    expect(navigate(doc, "s1", "Home")).toBe(order[0]);
    expect(navigate(doc, "s1", "End")).toBe("layout");
    expect(navigate(doc, "layout", "ArrowDown")).toBeNull();
  });
});
