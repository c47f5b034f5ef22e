import { describe, expect, it } from "vitest";
import { personalizationTag } from "./personalization";

describe("personalizationTag", () => {
  it("writes contact fields, custom properties and defaults in the API's syntax", () => {
    expect(personalizationTag("first_name")).toBe("[[contact.first_name]]");
    expect(personalizationTag("first_name", " there ")).toBe("[[contact.first_name | there]]");
    expect(personalizationTag("custom_properties.tier")).toBe("[[contact.custom_properties.tier]]");
    expect(personalizationTag("city", "[x]")).toBe("[[contact.city | x]]");
  });
});
