import { describe, expect, it } from "vitest";
import { fieldErrorsFromZod } from "@/lib/http/zod-errors";
import { TemplateInput } from "@/lib/templates/schema/template";
import { labelled } from "@/components/ui/messages";
import type { EditorDocument } from "../state/document";
import { errorsByNode } from "../state/pointers";

const id = (c: string) => c.repeat(24);

/** The API's own errors for a document (the schema the PUT validates with), as the editor receives them. */
function apiErrors(doc: unknown) {
  const result = TemplateInput.safeParse(doc, { reportInput: true });
  if (result.success) throw new Error("expected the document to be refused");
  return fieldErrorsFromZod(result.error.issues);
}

const doc = {
  name: "Spring",
  generalSettings: { content: { width: "5000px", color: "nope" } },
  sections: [
    {
      id: id("a"),
      styleProperties: { backgroundImage: "ftp://example.com/paper.png" },
      rows: [
        {
          id: id("b"),
          columns: [
            {
              id: id("c"),
              blocks: [
                { id: id("d"), type: "image", image: { source: "ftp://example.com/a.png" } },
                {
                  id: id("e"),
                  type: "button",
                  button: { text: "Shop", link: "javascript:alert(1)" },
                  styleProperties: { color: "blue-ish", fontSize: "500px", paddingTop: "abc" },
                },
                {
                  id: id("f"),
                  type: "social",
                  social: {
                    icons: [
                      { type: "website", link: "https://acme.com" },
                      { type: "x", link: "javascript:x" },
                    ],
                  },
                },
              ],
            },
          ],
        },
      ],
    },
  ],
} as unknown as EditorDocument;

describe("template errors in the editor, in a marketer's words", () => {
  const byNode = errorsByNode(doc, apiErrors(doc));
  const shown = (nodeId: string) => (byNode.get(nodeId) ?? []).map((e) => labelled(e.label, e.message));

  it("names the field by its panel label and says what to type, never the pointer or the schema's text", () => {
    expect(shown(id("d"))).toEqual(["Image: enter a web address starting with https://, or choose an image from your library."]);
    expect(shown(id("e"))).toEqual([
      "Text colour: enter a colour such as #1a73e8, or pick one.",
      "Text size: enter a value from 3px to 100px.",
      "Padding (top): enter a size in pixels or percent, such as 10px or 50%.",
      "Link: links cannot start with javascript:, vbscript: or data:. Enter a web address starting with https://.",
    ]);
    expect(shown(id("a"))).toEqual(["Background image: enter a web address starting with https://, or choose an image from your library."]);
    expect(shown(id("f"))).toEqual([
      "Link 2: links cannot start with javascript:, vbscript: or data:. Enter a web address starting with https://.",
    ]);
    expect(shown("")).toEqual([
      "Content width: enter a value from 300px to 2000px.",
      "Text colour: enter a colour such as #1a73e8, or pick one.",
    ]);
    for (const text of [...byNode.values()].flat().map((e) => e.message)) {
      expect(text).not.toMatch(/must be|http\(s\)|\/image\/|[a-z]+\/[a-z]+/);
    }
  });

  it("keeps the panel's own key for each error, so the field shows the sentence under itself", () => {
    expect(byNode.get(id("d"))?.[0]).toMatchObject({ field: "image/source", label: "Image" });
    expect(byNode.get(id("f"))?.[0]).toMatchObject({ field: "social/icons/1/link", label: "Link 2" });
  });

  it("falls back to the node's name for a field no panel edits", () => {
    const [error] = errorsByNode(doc, [
      {
        field: "x",
        pointer: "/sections/0/rows/0/columns/0/blocks/0/image/unknownThing",
        code: "unknown_field",
        message: 'unknown field "unknownThing"',
      },
    ]).get(id("d"))!;
    expect(error.label).toBe("Image block");
    expect(error.message).not.toMatch(/unknownThing/);
  });
});
