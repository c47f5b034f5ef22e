import { describe, expect, it } from "vitest";
import { customKey, guessField, rowToContact } from "./import-mapping";

describe("CSV import mapping", () => {
  it("guesses common headers", () => {
    expect(
      ["E-mail Address", "Email", "First Name", "surname", "Mobile", "Zip", "Tags", "Subscribed", "Loyalty tier", ""].map(guessField),
    ).toEqual(["email", "email", "firstName", "lastName", "phone", "postalCode", "tags", "emailStatus", "custom", "skip"]);
  });
  it("turns a row into a contact body", () => {
    const headers = ["Email", "First name", "Phone", "Status", "Tags", "Loyalty tier", "Notes"];
    const body = rowToContact(
      headers,
      ["email", "firstName", "phone", "emailStatus", "tags", "custom", "skip"],
      ["ada@example.com", "Ada", "+1 415 555 2671", "yes", "vip; spring, vip", "gold", "x"],
    );
    expect(body).toEqual({
      identifiers: [
        { type: "email", id: "ada@example.com", channels: { email: { status: "subscribed" } } },
        { type: "phone", id: "+14155552671" },
      ],
      firstName: "Ada",
      tags: ["vip", "spring"],
      customProperties: { Loyalty_tier: "gold" },
    });
    expect(customKey("Café £ total")).toBe("Caf__total");
  });
});
