// What the automation tests against the delivery server (tests/api/delivery-setup.ts) start from: the server
// for the file and lib/ imported once the environment names the server's database, a brand with an API key, a status
// check that shows the body when it fails, and the subjects the SMTP sink received for a recipient.
// Apart from delivery-setup.ts because that one is also read outside Vitest (scripts/bench/inbound.ts).
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, expect } from "vitest";
import { startDeliveryEnv, type DeliveryEnv } from "./delivery-setup";

/** lib/'s database and brand modules: imported only after startDeliveryEnv named the server's database. */
async function importBrandLib() {
  return { ...(await import("@/lib/db")), ...(await import("@/lib/brands/create-brand")), ...(await import("@/lib/brands/api-keys")) };
}
export type BrandLib = Awaited<ReturnType<typeof importBrandLib>>;

export type DeliveryFile<T> = { env: DeliveryEnv; lib: BrandLib & T };

/**
 * This test file's delivery server, started before its tests and stopped after them, and lib/ (the database
 * and brand modules, and what `more` imports) imported once the environment names the server's database
 * (the config is read once). Filled in by beforeAll: read `.env` and `.lib` inside tests and helpers.
 */
export function deliveryFile<T extends object>(more: () => Promise<T>, settings?: Record<string, string>): DeliveryFile<T> {
  const file = {} as DeliveryFile<T>;
  beforeAll(async () => {
    file.env = await startDeliveryEnv(settings);
    file.lib = { ...(await importBrandLib()), ...(await more()) };
  }, 180_000);
  afterAll(async () => {
    await file.env?.stop();
  });
  return file;
}

export type DeliveryResponse = Awaited<ReturnType<DeliveryEnv["call"]>>;
export type Shop = { brandId: string; call: (path: string, options?: { method?: string; body?: unknown }) => Promise<DeliveryResponse> };

/** A brand ("Acme", plan pro) and `call`, the server with that brand's API key. */
export async function newShop({ env, lib }: DeliveryFile<object>): Promise<Shop> {
  const brandId = (await lib.createBrand({ name: "Acme", plan: "pro" })).id;
  const key = (await lib.createApiKey(brandId, "test")).key;
  return { brandId, call: (path, options = {}) => env.call(path, { key, ...options }) };
}

/** The response's body, once its status is `status` (the body is the failure's message). */
export async function created(res: DeliveryResponse, status = 201) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

export type Mail = { subject: string; html: string };

/** The mails the SMTP sink received for `<name>@inbox.test`, parsed. */
export async function mailsTo(env: DeliveryEnv, name: string): Promise<Mail[]> {
  const raws = env.sink.received.filter((r) => r.to.includes(`${name}@inbox.test`));
  return Promise.all(
    raws.map(async (r) => {
      const parsed = await simpleParser(r.raw);
      return { subject: parsed.subject ?? "", html: String(parsed.html) };
    }),
  );
}
