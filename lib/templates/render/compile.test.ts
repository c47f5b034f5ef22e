import { describe, expect, it } from "vitest";
import { compileTemplate, versionKey } from "./compile";
import type { Shape } from "./shape";
import type { RenderableTemplate } from "./types";

const doc = (text: string, updatedAt = "2026-11-22T08:00:00.000Z"): RenderableTemplate => ({
  id: "aaaaaaaaaaaaaaaaaaaaaaaa",
  updatedAt,
  sections: [{ id: "s", rows: [{ id: "r", columns: [{ id: "c", blocks: [{ id: "t", type: "text", text }] }] }] }],
});
const shape = (hidden: string[] = []): Shape => ({ hidden, slots: {}, listing: {}, lists: {}, order: null });

describe("compile cache", () => {
  it("compiles a template version once per recipient shape", async () => {
    const d = doc("<p>Hi [[contact.first_name]]</p>");
    const first = compileTemplate(d, shape());
    expect(compileTemplate(d, shape())).toBe(first);
    expect(compileTemplate(d, shape(["t"]))).not.toBe(first);
    expect((await compileTemplate(d, shape(["t"]))).html).not.toContain("Hi ");
  });

  it("a new updatedAt or a changed document is a new version", () => {
    const base = doc("<p>A</p>");
    expect(versionKey(doc("<p>A</p>", "2026-11-22T09:00:00.000Z"))).not.toBe(versionKey(base));
    expect(versionKey(doc("<p>B</p>"))).not.toBe(versionKey(base));
    expect(versionKey(doc("<p>A</p>"))).toBe(versionKey(base));
  });
});
