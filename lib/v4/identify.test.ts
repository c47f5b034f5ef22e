import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { toContactInput } from "./identify";
import { V4IdentifyInput } from "./schemas";

describe("toContactInput (v4 identify → POST /api/contacts)", () => {
  it("turns email and phoneNumber into identifiers, optIns/optOuts into statuses and consents into identifier consent", () => {
    const body = V4IdentifyInput.parse({
      email: "Ada@Example.com",
      phoneNumber: "+14155552671",
      optIns: [{ channel: "sms", createdAt: "2026-04-01T10:00:00Z" }],
      optOuts: [{ channel: "email" }],
      consents: [{ channel: "sms", source: "checkout", ip: "203.0.113.7" }],
      firstName: "Ada",
      customProperties: { tier: "gold" },
    });
    expect(toContactInput(body)).toEqual({
      identifiers: [
        { type: "email", id: "Ada@Example.com", channels: { email: { status: "unsubscribed" } } },
        {
          type: "phone",
          id: "+14155552671",
          channels: { sms: { status: "subscribed", statusChangedAt: "2026-04-01T10:00:00Z" } },
          consent: { source: "checkout", ip: "203.0.113.7" },
        },
      ],
      firstName: "Ada",
      customProperties: { tier: "gold" },
    });
  });

  it("leaves statuses alone when v4 names no channel", () => {
    const input = toContactInput(V4IdentifyInput.parse({ phoneNumber: "+14155552671" }));
    expect(input.identifiers).toEqual([{ type: "phone", id: "+14155552671" }]);
  });

  it("applies the current schema's contact-wide rules", () => {
    expect(() => toContactInput(V4IdentifyInput.parse({ email: "a@example.com", tags: ["x", "x"] }))).toThrow(ZodError);
  });
});

describe("V4IdentifyInput", () => {
  const codes = (input: unknown) => {
    const result = V4IdentifyInput.safeParse(input);
    return result.success
      ? []
      : result.error.issues.map((i) => `${i.path.join(".")} ${(i as { params?: { code?: string } }).params?.code ?? i.code}`).sort();
  };

  it("needs an email or a phoneNumber", () => {
    expect(codes({ firstName: "Ada" })).toEqual(["email required"]);
    expect(codes({ email: "a@example.com" })).toEqual([]);
  });

  it("a channel needs its identifier, once per list, and cannot be opted in and out", () => {
    expect(codes({ email: "a@example.com", optIns: [{ channel: "sms" }] })).toEqual(["optIns.0.channel missing_identifier"]);
    expect(
      codes({
        email: "a@example.com",
        consents: [
          { channel: "email", source: "a" },
          { channel: "email", source: "b" },
        ],
      }),
    ).toEqual(["consents.1.channel duplicate"]);
    expect(codes({ email: "a@example.com", optIns: [{ channel: "email" }], optOuts: [{ channel: "email" }] })).toEqual([
      "optOuts.0.channel conflict",
    ]);
  });
});
