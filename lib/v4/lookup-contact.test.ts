import { describe, expect, it } from "vitest";
import { ApiProblem } from "@/lib/http/problems";
import { lookupSuccessor, parseLookup } from "./lookup-contact";

describe("parseLookup", () => {
  it("reads id:, email: and phoneNumber: and normalizes the value", () => {
    expect(parseLookup("id:0123456789abcdef01234567")).toEqual({ by: "id", value: "0123456789abcdef01234567" });
    expect(parseLookup("email:Ada@Example.COM")).toEqual({ by: "email", value: "ada@example.com" });
    expect(parseLookup("phoneNumber:+1 415 555 2671")).toEqual({ by: "phone", value: "+14155552671" });
  });

  it("refuses other prefixes and malformed values with a path error", () => {
    for (const [segment, code] of [
      ["phone:+14155552671", "invalid_value"],
      ["nocolon", "invalid_value"],
      ["id:XYZ", "invalid_id"],
      ["email:x", "invalid_email"],
      ["phoneNumber:123", "invalid_phone"],
    ]) {
      let thrown: unknown;
      try {
        parseLookup(segment);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ApiProblem);
      expect((thrown as ApiProblem).code).toBe("invalid-id");
      expect((thrown as ApiProblem).extra.errors).toEqual([expect.objectContaining({ pointer: "/lookup", code, in: "path" })]);
    }
  });
});

describe("lookupSuccessor", () => {
  it("names the current endpoint for the lookup", () => {
    expect(lookupSuccessor(new URL("http://x/v4/contacts/id:0123456789abcdef01234567"))).toBe("/api/contacts/0123456789abcdef01234567");
    expect(lookupSuccessor(new URL("http://x/v4/contacts/phoneNumber:%2B14155552671"))).toBe("/api/contacts?phone=%2B14155552671");
    expect(lookupSuccessor(new URL("http://x/v4/contacts/email:a@example.com"))).toBe("/api/contacts?email=a%40example.com");
    expect(lookupSuccessor(new URL("http://x/v4/contacts/whatever"))).toBe("/api/contacts");
  });
});
