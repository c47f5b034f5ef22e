// Starters' templates kept with their workflow: made through POST /api/automations/starter-templates, they
// are templates of the brand (read by id, sent by the workflow) but stay out of the template list (GET
// /api/email-templates) until a person edits one (PUT), which lists it.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, createTestBrand, expectProblem, json, type TestBrand } from "./helpers";
import { hexIds } from "./render-helpers";

const doc = (name: string) =>
  hexIds({
    name,
    sections: [{ id: "s", rows: [{ id: "r", columns: [{ id: "c", blocks: [{ id: "t", type: "text", text: `<p>${name}</p>` }] }] }] }],
  });

const welcome = async (brand: TestBrand, templateIDs: string[]) => {
  const res = await api("/api/automations", {
    key: brand.key,
    body: {
      name: "Welcome",
      trigger: { condition: { event: "subscribed to marketing" } },
      blocks: templateIDs.map((templateID, i) => ({
        temporaryID: `m${i}`,
        type: "action",
        action: { type: "sendEmail", sendEmail: { templateID, language: "en_US", subject: "Hi", preheader: "", senderName: "Shop" } },
      })),
    },
  });
  const automation = await json(res);
  expect(res.status, JSON.stringify(automation)).toBe(201);
  return automation.id as string;
};

describe("starters' templates", () => {
  it("are kept out of the template list until edited, and work as templates meanwhile", async () => {
    const brand = await createTestBrand();
    const other = await createTestBrand();
    const listed = async () =>
      ((await json(await api("/api/email-templates?limit=100", { key: brand.key }))).templates as { id: string }[]).map((t) => t.id);
    const own = await json(await api("/api/email-templates", { key: brand.key, body: doc("Newsletter") }));
    const res = await api("/api/automations/starter-templates", { key: brand.key, body: doc("Welcome 1") });
    const kept = await json(res);
    expect(res.status, JSON.stringify(kept)).toBe(201);
    expect(kept).toMatchObject({ name: "Welcome 1" });
    expect(await listed()).toEqual([own.id]);
    expect((await api(`/api/email-templates/${kept.id}`, { key: brand.key })).status).toBe(200);
    expect((await api(`/api/email-templates/${kept.id}`, { key: other.key })).status).toBe(404);

    // The workflow takes it as any template.
    const automation = await api("/api/automations", {
      key: brand.key,
      body: {
        name: "Welcome",
        trigger: { condition: { event: "subscribed to marketing" } },
        blocks: [
          {
            temporaryID: "m",
            type: "action",
            action: {
              type: "sendEmail",
              sendEmail: { templateID: kept.id, language: "en_US", subject: "Hi", preheader: "", senderName: "Shop" },
            },
          },
        ],
      },
    });
    expect(automation.status).toBe(201);

    // A person edits it: it joins the list.
    const edited = await api(`/api/email-templates/${kept.id}`, { key: brand.key, method: "PUT", body: doc("Welcome 1, edited") });
    expect(edited.status).toBe(200);
    expect((await listed()).sort()).toEqual([own.id, kept.id].sort());
  });

  it("refuses a bad document as POST /api/email-templates does, keeping nothing", async () => {
    const brand = await createTestBrand();
    await expectProblem(await api("/api/automations/starter-templates", { key: brand.key, body: { name: "" } }), 400, "validation-failed");
    expect((await json(await api("/api/email-templates", { key: brand.key }))).templates).toEqual([]);
  });

  it("go with their template, and are listed once no workflow left sends them", async () => {
    const brand = await createTestBrand();
    const listed = async () =>
      ((await json(await api("/api/email-templates?limit=100", { key: brand.key }))).templates as { id: string }[]).map((t) => t.id);
    const keep = async (name: string) =>
      (await json(await api("/api/automations/starter-templates", { key: brand.key, body: doc(name) }))).id;
    const [unused, alone, shared] = [await keep("Unused"), await keep("Alone"), await keep("Shared")];

    // Deleting the template takes its row along.
    expect((await api(`/api/email-templates/${unused}`, { key: brand.key, method: "DELETE" })).status).toBe(204);
    expect(await db.keptTemplate.count({ where: { templateId: unused } })).toBe(0);

    // Deleting a workflow releases what it alone sent; a template another workflow sends stays kept.
    const both = await welcome(brand, [alone, shared]);
    const other = await welcome(brand, [shared]);
    expect(await listed()).toEqual([]);
    expect((await api(`/api/automations/${both}`, { key: brand.key, method: "DELETE" })).status).toBe(204);
    expect(await listed()).toEqual([alone]);
    expect((await api(`/api/automations/${other}`, { key: brand.key, method: "DELETE" })).status).toBe(204);
    expect((await listed()).sort()).toEqual([alone, shared].sort());
  });
});
