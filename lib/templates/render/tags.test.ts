import { describe, expect, it } from "vitest";
import { contactValue, findTags, safeUrl, unknownTagReason } from "./tags";

const scope = { inDynamicList: false };

describe("findTags", () => {
  it("reads the path and the default after the pipe, trimming spaces", () => {
    expect(findTags("Hi [[contact.first_name | there]], [[ contact.email ]]")).toEqual([
      { raw: "[[contact.first_name | there]]", path: "contact.first_name", fallback: "there", index: 3 },
      { raw: "[[ contact.email ]]", path: "contact.email", fallback: undefined, index: 35 },
    ]);
  });

  it("keeps an empty default as empty", () => {
    expect(findTags("[[contact.city|]]")[0].fallback).toBe("");
  });
});

describe("unknownTagReason", () => {
  it.each([
    "contact.first_name",
    "contact.last_name",
    "contact.email",
    "contact.country_code",
    "contact.postal_code",
    "contact.custom_properties.tier",
  ])("knows %s", (path) => expect(unknownTagReason({ raw: "", path }, scope)).toBeNull());

  it("rejects unknown contact fields, namespaces and bad paths", () => {
    expect(unknownTagReason({ raw: "", path: "contact.shoe_size" }, scope)).toMatch(/unknown contact field "shoe_size"/);
    expect(unknownTagReason({ raw: "", path: "contact.firstName" }, scope)).toMatch(/unknown contact field/);
    expect(unknownTagReason({ raw: "", path: "order.number" }, scope)).toMatch(/unknown namespace "order"/);
    expect(unknownTagReason({ raw: "", path: "contact.custom_properties" }, scope)).toMatch(/without a key/);
    expect(unknownTagReason({ raw: "", path: "contact first" }, scope)).toMatch(/not a valid tag path/);
  });

  it.each(["message.unsubscribe_url", "message.preferences_url", "message.view_in_browser_url", "brand.name", "brand.postal_address"])(
    "knows the system tag %s",
    (path) => expect(unknownTagReason({ raw: "", path }, scope)).toBeNull(),
  );

  it("names the known system tags when one is misspelt", () => {
    expect(unknownTagReason({ raw: "", path: "message.unsubscribe" }, scope)).toMatch(
      /unknown message value "unsubscribe" \(known: unsubscribe_url, preferences_url, view_in_browser_url\)/,
    );
    expect(unknownTagReason({ raw: "", path: "brand.address" }, scope)).toMatch(/known: name, postal_address/);
  });

  it("takes contact field names from the field list only (not from Object's prototype)", () => {
    expect(unknownTagReason({ raw: "", path: "contact.constructor" }, scope)).toMatch(/unknown contact field/);
    expect(contactValue({ firstName: "Ana" }, ["constructor"])).toBeUndefined();
  });

  it("allows item.* only inside a dynamic list", () => {
    expect(unknownTagReason({ raw: "", path: "item.productTitle" }, scope)).toMatch(/outside a dynamic_list/);
    expect(unknownTagReason({ raw: "", path: "item.productTitle" }, { inDynamicList: true })).toBeNull();
  });
});

describe("contactValue", () => {
  const contact = {
    firstName: "Ana",
    email: "ana@example.com",
    customProperties: { tier: "gold", points: 12, vip: true, nested: { a: 1 } },
  };

  it("maps snake_case fields to the record", () => {
    expect(contactValue(contact, ["first_name"])).toBe("Ana");
    expect(contactValue(contact, ["email"])).toBe("ana@example.com");
    expect(contactValue(contact, ["last_name"])).toBeUndefined();
  });

  it("reads custom properties of every scalar type, not objects", () => {
    expect(contactValue(contact, ["custom_properties", "tier"])).toBe("gold");
    expect(contactValue(contact, ["custom_properties", "points"])).toBe("12");
    expect(contactValue(contact, ["custom_properties", "vip"])).toBe("true");
    expect(contactValue(contact, ["custom_properties", "nested"])).toBeUndefined();
    expect(contactValue(contact, ["custom_properties", "missing"])).toBeUndefined();
  });
});

describe("safeUrl", () => {
  it("lets http(s), mailto and tel through", () => {
    for (const url of ["https://a.example/x?y=1", "http://a.example", "mailto:a@b.example", "tel:+15555550100"])
      expect(safeUrl(url)).toBe(url);
  });

  it("turns script and data URLs into #", () => {
    for (const url of [
      "javascript:alert(1)",
      " JAVASCRIPT:alert(1)",
      "data:text/html,<b>",
      "vbscript:x",
      "https://a.example/\u0000x",
      'https://a"onmouseover=x',
    ]) {
      expect(safeUrl(url)).toBe("#");
    }
  });
});
