import { describe, expect, it } from "vitest";
import { PROFILE_FIELDS } from "@/lib/contacts/profile-fields";
import { CONTACT_TAGS, SYSTEM_TAGS, customTag, mergeTag, mergeTagLabel, parseMergeTag } from "./merge-tags";
import { CONTACT_FIELDS, unknownTagReason } from "./render/tags";

describe("merge tags", () => {
  it("list every contact field the renderer fills, in snake_case, with a label", () => {
    expect(CONTACT_TAGS.map((t) => t.path.slice("contact.".length)).sort()).toEqual(Object.keys(CONTACT_FIELDS).filter((k) => k !== "id").sort());
    expect(CONTACT_TAGS).toHaveLength(PROFILE_FIELDS.length + 2);
    for (const tag of CONTACT_TAGS) {
      expect(unknownTagReason({ raw: "", path: tag.path }, { inDynamicList: false })).toBeNull();
      expect(tag.label).toMatch(/^[A-Z][a-z]+(?: [a-z]+)*$/);
    }
  });

  it("write and read tags with a fallback", () => {
    expect(mergeTag("contact.first_name", " there ")).toBe("[[contact.first_name | there]]");
    expect(mergeTag("contact.city", "[x|y]")).toBe("[[contact.city | xy]]");
    expect(parseMergeTag("[[contact.first_name | there]]")).toEqual({ path: "contact.first_name", fallback: "there" });
    expect(parseMergeTag("[[ links.unsubscribe ]]")).toEqual({ path: "links.unsubscribe", fallback: undefined });
    expect(parseMergeTag("[[not a tag]]")).toBeNull();
  });

  it("name custom properties and system tags in a marketer's words", () => {
    expect(customTag("loyalty tier!").path).toBe("contact.custom_properties.loyalty_tier_");
    expect(mergeTagLabel("contact.custom_properties.tier")).toBe("tier");
    expect(mergeTagLabel("links.unsubscribe")).toBe("Unsubscribe link");
    expect(mergeTagLabel("item.title")).toBe("item.title");
    expect(new Set(SYSTEM_TAGS.map((t) => t.path)).size).toBe(SYSTEM_TAGS.length);
    for (const tag of SYSTEM_TAGS.filter((t) => t.kind === "url")) expect(tag.linkText).toBeTruthy();
  });
});
