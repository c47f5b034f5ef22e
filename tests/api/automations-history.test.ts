// A workflow's history through the built server: who made each change (the UTM tags included), paged
// with cursors as every list of the API, and only for the brand's own workflows with automations.read.
import { describe, expect, it } from "vitest";
import { api, createSession, createTestBrand, expectProblem, json, MISSING_ID, baseUrl, type TestBrand } from "./helpers";
import { accessTokenFor } from "./oauth-helpers";
import { createTemplate } from "./render-helpers";

async function workflow(brand: TestBrand) {
  const { id: templateID } = await createTemplate(brand.key, {
    name: "Hello",
    sections: [{ id: "s", rows: [{ id: "r", columns: [{ id: "c", blocks: [{ id: "t", type: "text", text: "<p>Hi</p>" }] }] }] }],
  });
  const created = await api("/api/automations", {
    key: brand.key,
    body: {
      name: "Welcome",
      trigger: { condition: { event: "history check", origin: "api" } },
      blocks: [
        {
          temporaryID: "mail",
          type: "action",
          action: { type: "sendEmail", sendEmail: { templateID, language: "en_US", subject: "Hi", preheader: "", senderName: "Shop" } },
        },
      ],
    },
  });
  const automation = await json(created);
  expect(created.status, JSON.stringify(automation)).toBe(201);
  return automation as { id: string; blocks: { id: string }[] };
}

const history = (brand: TestBrand, id: string, query = "") => api(`/api/automations/${id}/history${query}`, { key: brand.key });

describe("workflow history", () => {
  it("credits a UTM edit to who made it (the signed-in user), not to an API key", async () => {
    const brand = await createTestBrand();
    const a = await workflow(brand);
    const session = await createSession(brand.brandId);
    const put = await api(`/api/automations/${a.id}/blocks/${a.blocks[0].id}/utm`, {
      cookie: session.cookie,
      headers: { Origin: baseUrl() },
      method: "PUT",
      body: { tags: { campaign: "welcome", medium: "", source: "" } },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const { history: entries } = await json(await history(brand, a.id));
    expect(entries).toEqual([
      expect.objectContaining({ actor: { kind: "session", name: session.email }, changes: [{ kind: "utm", blockID: a.blocks[0].id }] }),
    ]);
  });

  it("pages newest first with cursors both ways; 404 for another brand's workflow, 403 without automations.read", async () => {
    const brand = await createTestBrand();
    const a = await workflow(brand);
    for (const name of ["One", "Two", "Three"]) {
      expect((await api(`/api/automations/${a.id}`, { key: brand.key, method: "PATCH", body: { name } })).status).toBe(200);
    }
    const first = await json(await history(brand, a.id, "?limit=2"));
    expect(first.history.map((e: { changes: { to: string }[] }) => e.changes[0].to)).toEqual(["Three", "Two"]);
    expect(first.paging).toMatchObject({ limit: 2, hasMore: true });
    const second = await json(await history(brand, a.id, `?limit=2&after=${first.paging.cursors.after}`));
    expect(second.history.map((e: { changes: { to: string }[] }) => e.changes[0].to)).toEqual(["One"]);
    expect(second.paging.hasMore).toBe(false);
    const back = await json(await history(brand, a.id, `?limit=2&before=${second.paging.cursors.before}`));
    expect(back.history.map((e: { id: string }) => e.id)).toEqual(first.history.map((e: { id: string }) => e.id));
    await expectProblem(await history(brand, a.id, "?limit=2&after=x&before=y"), 400, "validation-failed");
    await expectProblem(await history(brand, a.id, "?limit=0"), 400, "validation-failed");

    const other = await createTestBrand();
    await expectProblem(await history(other, a.id), 404, "not-found");
    await expectProblem(await history(brand, MISSING_ID), 404, "not-found");
    const token = await accessTokenFor(brand.brandId, ["images.read"]);
    await expectProblem(await api(`/api/automations/${a.id}/history`, { bearer: token }), 403, "insufficient-scope");
  });
});
