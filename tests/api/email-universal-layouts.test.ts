// Universal layouts: CRUD, validation, templates that reference them (stored as references, resolved
// on read) and the refusal to delete a layout in use.
import { beforeAll, describe, expect, it } from "vitest";
import { nid, plainSection } from "@/lib/templates/fixtures";
import { api, createTestBrand, expectProblem, json, MISSING_ID, type TestBrand } from "./helpers";
import { createOk, rejects } from "./template-helpers";

let brand: TestBrand;
let other: TestBrand;
beforeAll(async () => {
  [brand, other] = await Promise.all([createTestBrand(), createTestBrand()]);
});

async function createLayout(
  b: TestBrand,
  name = "Footer",
  content: unknown = plainSection([{ id: nid(), type: "text", text: "<p>Footer</p>" }]),
) {
  const res = await api("/api/email-universal-layouts", { key: b.key, body: { name, content } });
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body;
}

const layoutSection = (universalLayoutID: string, rows: unknown[] = []) => ({
  id: nid(),
  type: "universal_layout",
  settings: { universalLayoutID },
  rows,
});

describe("layout CRUD", () => {
  it("creates, reads, replaces, lists and deletes", async () => {
    const layout = await createLayout(brand, "Header");
    expect(Object.keys(layout).sort()).toEqual(["content", "createdAt", "id", "name", "snapshotState", "updatedAt"]);
    expect(layout.snapshotState).toBe("unavailable");
    expect(await json(await api(`/api/email-universal-layouts/${layout.id}`, { key: brand.key }))).toEqual(layout);
    const put = await api(`/api/email-universal-layouts/${layout.id}`, {
      key: brand.key,
      method: "PUT",
      body: { name: "Header 2", content: plainSection() },
    });
    expect(put.status).toBe(200);
    expect((await put.json()).name).toBe("Header 2");
    const list = await json(await api("/api/email-universal-layouts?nameContains=HEADER", { key: brand.key }));
    expect(list.universalLayouts.map((l: any) => l.id)).toEqual([layout.id]);
    expect(list.paging.limit).toBe(100);
    expect((await api(`/api/email-universal-layouts/${layout.id}`, { key: brand.key, method: "DELETE" })).status).toBe(204);
    await expectProblem(await api(`/api/email-universal-layouts/${layout.id}`, { key: brand.key }), 404, "not-found");
  });

  it("searches names for % and _ literally, with full pages", async () => {
    const b = await createTestBrand();
    const made = [];
    for (const name of ["x_1", "xy1", "xy2", "x_2"]) made.push(await createLayout(b, name));
    const first = await json(await api("/api/email-universal-layouts?nameContains=X_&limit=1", { key: b.key }));
    expect(first.universalLayouts.map((l: any) => l.name)).toEqual(["x_2"]);
    expect(first.paging.hasMore).toBe(true);
    const next = await json(
      await api(`/api/email-universal-layouts?nameContains=X_&limit=1&after=${first.paging.cursors.after}`, { key: b.key }),
    );
    expect(next.universalLayouts.map((l: any) => l.name)).toEqual(["x_1"]);
    expect((await json(await api("/api/email-universal-layouts?nameContains=%25", { key: b.key }))).universalLayouts).toEqual([]);
  });

  it("lists newest first, pages with cursors, limit 1-250", async () => {
    const b = await createTestBrand();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await createLayout(b, `L${i}`)).id);
    const first = await json(await api("/api/email-universal-layouts?limit=2", { key: b.key }));
    expect(first.universalLayouts.map((l: any) => l.id)).toEqual([ids[2], ids[1]]);
    const second = await json(await api(`/api/email-universal-layouts?limit=2&after=${first.paging.cursors.after}`, { key: b.key }));
    expect(second.universalLayouts.map((l: any) => l.id)).toEqual([ids[0]]);
    await expectProblem(await api("/api/email-universal-layouts?limit=251", { key: b.key }), 400, "validation-failed");
    expect((await api("/api/email-universal-layouts?limit=250", { key: b.key })).status).toBe(200);
  });

  it("validates the content section with the template rules", async () => {
    const res = await api("/api/email-universal-layouts", {
      key: brand.key,
      body: {
        name: "",
        content: {
          ...plainSection([
            { id: "d0d0d0d0d0d0d0d0d0d0d0d0", type: "text", text: "x" },
            { id: "d0d0d0d0d0d0d0d0d0d0d0d0", type: "html" },
          ]),
          type: "universal_layout",
        },
      },
    });
    const body = await expectProblem(res, 400, "validation-failed");
    expect(body.errors.map((e: any) => [e.pointer, e.code])).toEqual(
      expect.arrayContaining([
        ["/name", "too_small"],
        ["/content/type", "not_allowed"],
      ]),
    );
    const products = await api("/api/email-universal-layouts", {
      key: brand.key,
      body: { name: "P", content: { ...plainSection([{ id: nid(), type: "text", text: "x" }]), type: "products_listing" } },
    });
    const pBody = await expectProblem(products, 400, "validation-failed");
    expect(pBody.errors).toEqual([
      expect.objectContaining({ pointer: "/content/rows/0/columns/0/blocks/0/type", code: "product_blocks_only" }),
    ]);
  });

  it("another brand's layout is a 404", async () => {
    const layout = await createLayout(brand);
    for (const id of [layout.id, MISSING_ID]) {
      await expectProblem(await api(`/api/email-universal-layouts/${id}`, { key: other.key }), 404, "not-found");
      await expectProblem(await api(`/api/email-universal-layouts/${id}`, { key: other.key, method: "DELETE" }), 404, "not-found");
      await expectProblem(
        await api(`/api/email-universal-layouts/${id}`, { key: other.key, method: "PUT", body: { name: "x", content: plainSection() } }),
        404,
        "not-found",
      );
    }
  });
});

describe("universal_layout sections in templates", () => {
  it("need settings.universalLayoutID", async () => {
    await rejects(brand, { name: "T", sections: [{ id: nid(), type: "universal_layout" }] }, [
      { pointer: "/sections/0/settings/universalLayoutID", code: "required" },
    ]);
  });

  it("must name an existing layout of the brand", async () => {
    const foreign = await createLayout(other);
    await rejects(brand, { name: "T", sections: [layoutSection(MISSING_ID), layoutSection(foreign.id)] }, [
      { pointer: "/sections/0/settings/universalLayoutID", code: "unknown_layout", field: "sections.settings.universalLayoutID" },
      { pointer: "/sections/1/settings/universalLayoutID", code: "unknown_layout" },
    ]);
  });

  it("are stored as references: payload rows are ignored and the layout is resolved on every read", async () => {
    const layout = await createLayout(brand, "Shared footer");
    const junkRows = [{ id: "not checked at all", columns: "nope" }];
    const created = await createOk(brand, { name: "Uses layout", sections: [plainSection(), layoutSection(layout.id, junkRows)] });
    expect(created.sections[1].rows).toEqual(layout.content.rows);

    const newContent = plainSection([{ id: nid(), type: "text", text: "<p>New footer</p>" }]);
    await api(`/api/email-universal-layouts/${layout.id}`, {
      key: brand.key,
      method: "PUT",
      body: { name: "Shared footer", content: newContent },
    });
    const read = await json(await api(`/api/email-templates/${created.id}`, { key: brand.key }));
    expect(read.sections[1]).toMatchObject({ type: "universal_layout", settings: { universalLayoutID: layout.id }, rows: newContent.rows });

    // the read document can be written back as is
    const put = await api(`/api/email-templates/${created.id}`, {
      key: brand.key,
      method: "PUT",
      body: { name: read.name, sections: read.sections },
    });
    expect(put.status).toBe(200);
  });

  it("a layout used by templates cannot be deleted; the 409 names them", async () => {
    const layout = await createLayout(brand, "In use");
    const t1 = await createOk(brand, { name: "Uses it once", sections: [layoutSection(layout.id)] });
    const t2 = await createOk(brand, { name: "Uses it twice", sections: [layoutSection(layout.id), layoutSection(layout.id)] });
    const body = await expectProblem(
      await api(`/api/email-universal-layouts/${layout.id}`, { key: brand.key, method: "DELETE" }),
      409,
      "conflict",
    );
    expect(body.detail).toContain("Uses it once");
    expect(body.templates.map((t: any) => t.id).sort()).toEqual([t1.id, t2.id].sort());

    // once no template uses it (one replaced without it, one deleted) it can go
    await api(`/api/email-templates/${t1.id}`, { key: brand.key, method: "PUT", body: { name: "No more", sections: [] } });
    await api(`/api/email-templates/${t2.id}`, { key: brand.key, method: "DELETE" });
    expect((await api(`/api/email-universal-layouts/${layout.id}`, { key: brand.key, method: "DELETE" })).status).toBe(204);
  });
});
