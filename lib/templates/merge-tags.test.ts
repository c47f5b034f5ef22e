import { describe, expect, it } from "vitest";
import {
  CONTACT_MERGE_TAGS,
  MERGE_TAGS,
  SYSTEM_MERGE_TAGS,
  customPropertyTag,
  mergeTagByPath,
  mergeTagLabel,
  mergeTagText,
  parseMergeTag,
} from "./merge-tags";
import { CONTACT_FIELDS, unknownTagReason } from "./render/tags";

describe("merge tags", () => {
  it("list every contact field the renderer fills, in snake_case, with a label, and every tag is one the renderer knows", () => {
    expect(CONTACT_MERGE_TAGS.map((t) => t.path.slice("contact.".length)).sort()).toEqual(Object.keys(CONTACT_FIELDS).sort());
    for (const tag of MERGE_TAGS) {
      expect(unknownTagReason({ raw: "", path: tag.path }, { inDynamicList: false }), tag.path).toBeNull();
      expect(tag.label).toMatch(/^[A-Z][a-z]+(?: [a-zA-Z]+)*$/);
    }
    expect(new Set(MERGE_TAGS.map((t) => t.path)).size).toBe(MERGE_TAGS.length);
  });

  it("write and read tags with a default", () => {
    expect(mergeTagText("contact.first_name", " there ")).toBe("[[contact.first_name | there]]");
    expect(mergeTagText("contact.city", "[x]y")).toBe("[[contact.city | xy]]");
    expect(parseMergeTag("[[contact.first_name | there]]")).toEqual({ path: "contact.first_name", fallback: "there" });
    expect(parseMergeTag("[[ message.unsubscribe_url ]]")).toEqual({ path: "message.unsubscribe_url", fallback: undefined });
    expect(parseMergeTag("[[not a tag]]")).toBeNull();
  });

  it("name custom properties by their key, system tags in words, unknown paths as written; link tags carry link words", () => {
    expect(customPropertyTag("loyalty tier!").path).toBe("contact.custom_properties.loyalty_tier_");
    expect(mergeTagByPath("contact.custom_properties.tier")?.group).toBe("custom");
    expect(mergeTagLabel("contact.custom_properties.tier")).toBe("tier");
    expect(mergeTagLabel("message.unsubscribe_url")).toBe("Unsubscribe link");
    expect(mergeTagLabel("item.title")).toBe("item.title");
    for (const tag of SYSTEM_MERGE_TAGS.filter((t) => t.kind === "url")) expect(tag.linkText).toBeTruthy();
  });
});
