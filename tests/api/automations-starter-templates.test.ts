// Starters' templates kept with their workflow: made through POST /api/automations/starter-templates, they
// are templates of the brand (read by id, sent by the workflow) but stay out of the template list (GET
// /api/email-templates) until a person edits one (PUT), which lists it.
import { describe, expect, it } from "vitest";
import { api, createTestBrand, expectProblem, json } from "./helpers";
import { hexIds } from "./render-helpers";

const doc = (name: string) =>
  hexIds({
    name,
    sections: [{ id: "s", rows: [{ id: "r", columns: [{ id: "c", blocks: [{ id: "t", type: "text", text: `<p>${name}</p>` }] }] }] }],
  });

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
});
