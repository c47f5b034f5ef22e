import { describe, expect, it } from "vitest";
import { upsertChanges } from "./duplicate-contact";
import type { Contact } from "./types";

const ava = {
  id: "65a1b2c3d4e5f60718293a4b",
  email: "ava-smith@example.com",
  phone: ["+14155552671"],
  identifiers: [
    { type: "email", id: "ava-smith@example.com", channels: {}, sendWelcomeMessage: true },
    { type: "phone", id: "+14155552671", channels: {}, sendWelcomeMessage: true },
  ],
  firstName: "Ava",
  lastName: "Smith",
  tags: ["vip"],
  customProperties: { tier: "gold" },
  segments: [],
  consents: [],
  optIns: [],
  statuses: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
} as unknown as Contact;

describe("what adding an existing contact would change", () => {
  it("lists changed fields only; identifiers she has are not 'added'", () => {
    const body = {
      identifiers: [
        { type: "email", id: "Ava-Smith@example.com" },
        { type: "phone", id: "+1 (415) 555-2671" },
        { type: "phone", id: "+442071838750" },
      ],
      firstName: "Duplicate",
      lastName: "Smith",
      tags: ["vip"],
      customProperties: { tier: "silver" },
    };
    expect(upsertChanges(ava, body)).toEqual([
      { field: "First name", before: "Ava", after: "Duplicate" },
      { field: "tier", before: "gold", after: "silver" },
      { field: "Phone added", before: "—", after: "+442071838750" },
    ]);
  });
});
