import { describe, expect, it } from "vitest";
import { tagSyntaxErrors, unclosedTag } from "./syntax";

describe("tag syntax", () => {
  it("finds a [[ that is never closed, or closed only after another [[", () => {
    expect(unclosedTag("Hi [[contact.first_name]]!")).toBe(-1);
    expect(unclosedTag("Hi [[contact.first_name")).toBe(3);
    expect(unclosedTag("[[a [[b]]")).toBe(0);
    expect(unclosedTag("no tags ] ]] here")).toBe(-1);
  });

  it("names each place with its pointer", () => {
    const errors = tagSyntaxErrors([
      { rows: [{ columns: [{ blocks: [{ text: "ok" }, { button: { text: "Hi [[contact.first_name" } }] }] }] },
    ]);
    expect(errors).toEqual([
      expect.objectContaining({
        pointer: "/sections/0/rows/0/columns/0/blocks/1/button/text",
        field: "sections.rows.columns.blocks.button.text",
        code: "unclosed_tag",
      }),
    ]);
  });
});
