// Email content (/api/email-content/{id}, published 2026-03-15): the content of a template without its
// name. PUT follows every template rule and reports every invalid field at once with its JSON pointer; an
// unknown id, or another brand's, is 404 for GET, PUT and render alike (existence is not leaked), and
// nothing of the other brand changes.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, createTestBrand, expectProblem, json, MISSING_ID, type TestBrand } from "./helpers";

const nid = () => randomBytes(12).toString("hex");
const textSection = (text: string) => ({
  id: nid(),
  rows: [{ id: nid(), columns: [{ id: nid(), blocks: [{ id: nid(), type: "text", text }] }] }],
});

let brand: TestBrand;
let other: TestBrand;
let templateId: string;

beforeAll(async () => {
  [brand, other] = await Promise.all([createTestBrand(), createTestBrand()]);
  const res = await api("/api/email-templates", {
    key: brand.key,
    body: { name: "Content owner", sections: [textSection("<p>Original</p>")] },
  });
  expect(res.status).toBe(201);
  templateId = (await json(res)).id;
});

const content = (key: string, id: string) => api(`/api/email-content/${id}`, { key });
const putContent = (key: string, id: string, body: unknown) => api(`/api/email-content/${id}`, { key, method: "PUT", body });
const renderContent = (key: string, id: string) => api(`/api/email-content/${id}/render`, { key, method: "POST" });

describe("PUT validation", () => {
  it("reports every invalid field at once, each with its field path and JSON pointer; nothing is stored", async () => {
    const row = nid();
    const body = {
      generalSettings: { content: { width: "5000px" } },
      sections: [
        { id: "not-hex", rows: [{ id: row, columns: [{ id: nid(), blocks: [{ id: nid(), type: "carousel" }] }] }] },
        {
          id: nid(),
          rows: [
            {
              id: row,
              columns: [{ id: nid(), blocks: [{ id: nid(), type: "text", text: "x", styleProperties: { alignment: "middle" } }] }],
            },
          ],
        },
      ],
      colour: "red",
    };
    const problem = await expectProblem(await putContent(brand.key, templateId, body), 400, "validation-failed");
    const got = problem.errors.map((e: { pointer: string; field: string; code: string }) => ({
      pointer: e.pointer,
      field: e.field,
      code: e.code,
    }));
    expect(got).toEqual(
      expect.arrayContaining([
        { pointer: "/colour", field: "colour", code: "unknown_field" },
        { pointer: "/sections/0/id", field: "sections.id", code: expect.any(String) },
        { pointer: "/sections/0/rows/0/columns/0/blocks/0/type", field: "sections.rows.columns.blocks.type", code: "invalid_value" },
        { pointer: "/sections/1/rows/0/id", field: "sections.rows.id", code: "duplicate" },
        {
          pointer: "/sections/1/rows/0/columns/0/blocks/0/styleProperties/alignment",
          field: "sections.rows.columns.blocks.styleProperties.alignment",
          code: "invalid_value",
        },
        { pointer: "/generalSettings/content/width", field: "generalSettings.content.width", code: expect.any(String) },
      ]),
    );
    for (const e of problem.errors) expect(e.message, e.pointer).toEqual(expect.any(String));
    // the stored content is unchanged
    const stored = await json(await content(brand.key, templateId));
    expect(stored.sections[0].rows[0].columns[0].blocks[0].text).toBe("<p>Original</p>");
  });

  it("a body that is not an object, and sections that are not a list, are 400 with pointers too", async () => {
    const notObject = await expectProblem(await putContent(brand.key, templateId, [1, 2]), 400, "validation-failed");
    expect(notObject.errors.length).toBeGreaterThan(0);
    const bad = await expectProblem(await putContent(brand.key, templateId, { sections: "all of them" }), 400, "validation-failed");
    expect(bad.errors.map((e: { pointer: string }) => e.pointer)).toContain("/sections");
  });
});

describe("a missing id", () => {
  it("GET, PUT and render answer 404 problems; a malformed id is 400", async () => {
    await expectProblem(await content(brand.key, MISSING_ID), 404, "not-found");
    await expectProblem(await putContent(brand.key, MISSING_ID, { sections: [textSection("<p>New</p>")] }), 404, "not-found");
    await expectProblem(await renderContent(brand.key, MISSING_ID), 404, "not-found");
    for (const res of [
      await content(brand.key, "nope"),
      await putContent(brand.key, "nope", { sections: [] }),
      await renderContent(brand.key, "nope"),
    ]) {
      const problem = await expectProblem(res, 400, "invalid-id");
      expect(problem.errors.map((e: { pointer: string }) => e.pointer)).toEqual(["/id"]);
    }
  });
});

describe("brand isolation", () => {
  it("another brand's template id is 404 for GET, PUT and render, and its content does not change", async () => {
    await expectProblem(await content(other.key, templateId), 404, "not-found");
    await expectProblem(await putContent(other.key, templateId, { sections: [textSection("<p>Taken over</p>")] }), 404, "not-found");
    await expectProblem(await renderContent(other.key, templateId), 404, "not-found");
    const owner = await json(await content(brand.key, templateId));
    expect(JSON.stringify(owner)).not.toContain("Taken over");
    expect(owner.sections[0].rows[0].columns[0].blocks[0].text).toBe("<p>Original</p>");
    // and the owner reads, replaces and renders it
    const put = await putContent(brand.key, templateId, { sections: [textSection("<p>Replaced by the owner</p>")] });
    expect(put.status, await put.clone().text()).toBe(200);
    const rendered = await renderContent(brand.key, templateId);
    expect(rendered.status).toBe(200);
    expect((await json(rendered)).html).toContain("Replaced by the owner");
  });
});
