import { describe, expect, it } from "vitest";
import { buildCreate, buildPatch, draftFromContact, emptyDraft, mapFieldErrors, newIdentifier } from "./contact-form-model";
import type { Contact } from "./types";

const stored: Contact = {
  id: "65a1b2c3d4e5f60718293a4b",
  email: "ada@example.com",
  phone: ["+14155552671"],
  identifiers: [
    {
      type: "email",
      id: "ada@example.com",
      channels: { email: { status: "subscribed", statusChangedAt: "2026-01-01T00:00:00.000Z" } },
      consent: { source: "signup form", createdAt: "2026-01-01T00:00:00.000Z", ip: "192.0.2.1" },
      sendWelcomeMessage: true,
    },
    {
      type: "phone",
      id: "+14155552671",
      channels: { sms: { status: "nonSubscribed", statusChangedAt: "2026-01-01T00:00:00.000Z" } },
      sendWelcomeMessage: true,
    },
  ],
  status: "subscribed",
  firstName: "Ada",
  city: "London",
  tags: ["vip"],
  customProperties: { score: 3, plan: "pro" },
  segments: [],
  consents: [],
  optIns: [],
  statuses: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

describe("contact form model", () => {
  it("PATCH sends nothing when nothing changed", () => {
    const original = draftFromContact(stored);
    expect(buildPatch(original, draftFromContact(stored)).body).toEqual({});
  });

  it("PATCH sends only changed fields: emptied fields as null, removed custom properties as null", () => {
    const original = draftFromContact(stored);
    const draft = draftFromContact(stored);
    draft.profile.city = "";
    draft.profile.countryCode = "GB";
    draft.identifiers[1].status = "subscribed";
    draft.tags = ["vip", "beta"];
    draft.custom = [{ key: "score", value: "4", valueType: "number" }];
    expect(buildPatch(original, draft)).toEqual({
      body: {
        identifiers: [{ type: "phone", id: "+14155552671", channels: { sms: { status: "subscribed" } } }],
        city: null,
        countryCode: "GB",
        tags: ["vip", "beta"],
        customProperties: { score: 4, plan: null },
      },
      identifierRows: [1],
    });
  });

  it("create sends every filled-in field with typed custom values", () => {
    const draft = emptyDraft();
    draft.identifiers[0] = {
      ...newIdentifier("email"),
      id: " grace@example.com ",
      status: "subscribed",
      consentSource: "import",
      sendWelcomeMessage: false,
    };
    draft.profile.firstName = "Grace";
    draft.custom = [
      { key: "vip", value: "true", valueType: "boolean" },
      { key: "", value: "x", valueType: "string" },
    ];
    expect(buildCreate(draft).body).toEqual({
      identifiers: [
        {
          type: "email",
          id: "grace@example.com",
          channels: { email: { status: "subscribed" } },
          consent: { source: "import" },
          sendWelcomeMessage: false,
        },
      ],
      firstName: "Grace",
      customProperties: { vip: true },
    });
  });

  it("maps API error pointers to the inputs they name, through the identifiers actually sent", () => {
    const original = draftFromContact(stored);
    const draft = draftFromContact(stored);
    draft.identifiers.push({ ...newIdentifier("phone"), id: "12" });
    draft.profile.countryCode = "ZZ";
    draft.tags = ["a", "a"];
    const built = buildPatch(original, draft);
    expect(built.identifierRows).toEqual([2]);
    const errors = mapFieldErrors(
      [
        { field: "identifiers.id", pointer: "/identifiers/0/id", code: "invalid_phone", message: "is not a valid phone number" },
        { field: "countryCode", pointer: "/countryCode", code: "invalid_country_code", message: "must be an ISO code" },
        { field: "tags", pointer: "/tags/1", code: "duplicate", message: "repeats tags[0]" },
        { field: "customProperties", pointer: "/customProperties/plan", code: "too_big", message: "too long" },
        { field: "x", pointer: "/x", code: "unrecognized_keys", message: "unknown" },
      ],
      draft,
      built,
    );
    expect(errors).toEqual({
      // In the message catalog's words (components/ui/messages.ts).
      "identifiers.2.id": ["This phone number is missing its country code, or is not a real number (start with +, e.g. +44 20 7183 8750)."],
      countryCode: ["Enter a two-letter country code, such as DE."],
      tags: ["“a”: this tag is already in the list."],
      "custom.1": ["This custom property is too long."],
      form: ["“x” is not something Inkwell stores here."],
    });
  });
});
