// Helpers for the campaign API tests: the published document's validator, and a brand's template,
// segments and campaigns made over HTTP.
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { loadPublished, publishedValidator } from "../published/published";
import { markAddressVerified } from "@/lib/delivery/senders/senders";
import { api, createTestBrand, json, type TestBrand } from "./helpers";
import { until } from "./until";

export const published = publishedValidator(loadPublished("omnisend-campaigns.json"));

export const unique = () => randomBytes(4).toString("hex");

/** Asserts a problem validates against the published error schema of its status (ValidationProblem for 400). */
export function expectPublishedProblem(status: number, body: unknown) {
  published.expectSchema(status === 400 ? "ValidationProblem" : status === 429 ? "RateLimitProblem" : "Problem", body);
}

export async function createTemplate(
  brand: TestBrand,
  html = '<p>Hello [[contact.first_name | there]], <a href="https://shop.example/sale">see the sale</a></p>',
) {
  const res = await api("/api/email-templates/import", {
    key: brand.key,
    body: { name: `Template ${unique()}`, html: `<html><body>${html}</body></html>` },
  });
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.id as string;
}

export async function createSegment(brand: TestBrand, tag: string) {
  const res = await api("/api/segments", {
    key: brand.key,
    body: {
      name: `Segment ${unique()}`,
      conditionGroups: [
        { conditions: [{ entity: "contact", junction: "and", filters: [{ property: "tags", operator: "anyOf", value: [tag] }] }] },
      ],
    },
  });
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(201);
  await until(
    async () => json(await api(`/api/segments/${body.segmentID}`, { key: brand.key })),
    (s) => s.status === "ready",
  );
  return body.segmentID as string;
}

export const SENDER = "news@shop.example";

/** A brand whose sender address is verified (an operator's admin verify-sender): campaigns send from it by default. */
export async function createSendingBrand(): Promise<TestBrand> {
  const brand = await createTestBrand();
  await markAddressVerified(brand.brandId, SENDER, "Shop");
  return brand;
}

export function regularBody(templateID: string, extra: Record<string, unknown> = {}) {
  return {
    channel: "email",
    type: "regular",
    name: `Spring sale ${unique()}`,
    content: {
      email: { templateID, subject: "Spring sale, [[contact.first_name | friend]]", preheader: "Up to 40% off", senderName: "Shop" },
    },
    ...extra,
  };
}

export function abTestBody(templateA: string, templateB: string, settings: Record<string, unknown> = {}) {
  return {
    channel: "email",
    type: "abTest",
    name: `A/B ${unique()}`,
    abTest: {
      settings: { testSizePercent: 20, winningMetric: "openRate", decisionTime: { amount: 4, unit: "h" }, ...settings },
      variants: {
        a: { content: { email: { templateID: templateA, subject: "Subject A" } } },
        b: { content: { email: { templateID: templateB, subject: "Subject B" } } },
      },
    },
  };
}

export async function createCampaign(brand: TestBrand, body: unknown) {
  const res = await api("/api/campaigns", { key: brand.key, body });
  const created = await json(res);
  expect(res.status, JSON.stringify(created)).toBe(201);
  published.expectResponse("POST", "/campaigns", 201, created);
  return created;
}

export async function createContact(brand: TestBrand, fields: Record<string, unknown> = {}, status = "subscribed") {
  const res = await api("/api/contacts", {
    key: brand.key,
    body: { identifiers: [{ type: "email", id: `c-${unique()}@example.com`, channels: { email: { status } } }], ...fields },
  });
  const body = await json(res);
  expect([200, 201], JSON.stringify(body)).toContain(res.status);
  return body as { id: string; email: string };
}
