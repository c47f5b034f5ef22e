// Template CRUD, the free-plan badge, tenancy, list paging/sorting/search and HTML import over HTTP.
import { beforeAll, describe, expect, it } from "vitest";
import { fullTemplate, plainSection } from "@/lib/templates/fixtures";
import { api, createTestBrand, expectProblem, json, MISSING_ID, type TestBrand } from "./helpers";
import { createOk } from "./template-helpers";

let brand: TestBrand;
let other: TestBrand;
beforeAll(async () => {
  [brand, other] = await Promise.all([createTestBrand(), createTestBrand()]);
});

describe("CRUD", () => {
  it("creates, reads, replaces and deletes", async () => {
    const created = await createOk(brand, fullTemplate("Crud"));
    expect(Object.keys(created).sort()).toEqual(["createdAt", "generalSettings", "id", "name", "sections", "updatedAt"]);
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);

    const got = await api(`/api/email-templates/${created.id}`, { key: brand.key });
    expect(got.status).toBe(200);
    // Served by server/api-router.ts, compressed the way Next compresses.
    expect(got.headers.get("content-encoding")).toBe("gzip");
    expect(await got.json()).toEqual(created);

    const put = await api(`/api/email-templates/${created.id}`, {
      key: brand.key,
      method: "PUT",
      body: { name: "Crud 2", sections: [plainSection()] },
    });
    expect(put.status).toBe(200);
    const replaced = await put.json();
    expect(replaced).toMatchObject({ id: created.id, name: "Crud 2", createdAt: created.createdAt, generalSettings: {} });
    expect(replaced.updatedAt >= created.updatedAt).toBe(true);
    expect(await json(await api(`/api/email-templates/${created.id}`, { key: brand.key }))).toEqual(replaced);

    const del = await api(`/api/email-templates/${created.id}`, { key: brand.key, method: "DELETE" });
    expect(del.status).toBe(204);
    await expectProblem(await api(`/api/email-templates/${created.id}`, { key: brand.key }), 404, "not-found");
    await expectProblem(await api(`/api/email-templates/${created.id}`, { key: brand.key, method: "DELETE" }), 404, "not-found");
  });

  it("generalSettings may be omitted (read back as {}) and sections default to none", async () => {
    const created = await createOk(brand, { name: "Bare" });
    expect(created).toMatchObject({ generalSettings: {}, sections: [] });
  });

  it("another brand's template is a 404 on every verb, and unknown ids too", async () => {
    const created = await createOk(brand, { name: "Mine", sections: [] });
    for (const id of [created.id, MISSING_ID]) {
      await expectProblem(await api(`/api/email-templates/${id}`, { key: other.key }), 404, "not-found");
      await expectProblem(
        await api(`/api/email-templates/${id}`, { key: other.key, method: "PUT", body: { name: "x", sections: [] } }),
        404,
        "not-found",
      );
      await expectProblem(await api(`/api/email-templates/${id}`, { key: other.key, method: "DELETE" }), 404, "not-found");
    }
    expect((await api(`/api/email-templates/${created.id}`, { key: brand.key })).status).toBe(200);
  });

  it("a malformed path id is a 400", async () => {
    await expectProblem(await api("/api/email-templates/not-an-id", { key: brand.key }), 400, "invalid-id");
  });

  it("a missing body is a 400 and another content type a 415", async () => {
    await expectProblem(await api("/api/email-templates", { key: brand.key, method: "POST" }), 400, "bad-request");
    await expectProblem(
      await api("/api/email-templates", { key: brand.key, method: "POST", body: "name=x", headers: { "Content-Type": "text/plain" } }),
      415,
      "unsupported-media-type",
    );
  });

  it("needs credentials", async () => {
    await expectProblem(await api("/api/email-templates"), 401, "unauthorized");
  });
});

describe("the badge section", () => {
  it("is appended on read for free-plan brands, and only for them", async () => {
    const free = await createTestBrand({ plan: "free" });
    const created = await createOk(free, { name: "Free", sections: [plainSection()] });
    expect(created.sections).toHaveLength(2);
    expect(created.sections[1]).toMatchObject({ id: "ba09e0000000000000000001", type: "badge" });
    const read = await json(await api(`/api/email-templates/${created.id}`, { key: free.key }));
    expect(read.sections.map((s: any) => s.type)).toEqual([undefined, "badge"]);

    const paid = await createOk(brand, { name: "Paid", sections: [plainSection()] });
    expect(paid.sections).toHaveLength(1);
  });
});

describe("the request budget", () => {
  it("is shared by template reads and every other endpoint", async () => {
    const limited = await createTestBrand();
    const template = await createOk(limited, { name: "Budget" });
    const statuses: number[] = [];
    for (let batch = 0; batch < 8; batch++) {
      const path = batch % 2 === 0 ? "/api/me" : `/api/email-templates/${template.id}`;
      const results = await Promise.all(Array.from({ length: 50 }, () => api(path, { key: limited.key })));
      statuses.push(...results.map((r) => r.status));
      await Promise.all(results.map((r) => r.arrayBuffer()));
    }
    // 401 requests so far (the create counted too)
    expect(statuses.filter((s) => s === 200)).toHaveLength(399);
    await expectProblem(await api(`/api/email-templates/${template.id}`, { key: limited.key }), 429, "rate-limited");
    await expectProblem(await api("/api/me", { key: limited.key }), 429, "rate-limited");
  });
});

describe("list", () => {
  let lister: TestBrand;
  const names = ["banana", "Apple", "cherry", "apple pie", "Date", "elderberry", "Fig"];
  let ids: string[];

  beforeAll(async () => {
    lister = await createTestBrand();
    ids = [];
    for (const name of names) ids.push((await createOk(lister, { name, sections: [plainSection()] })).id);
  });

  const list = async (query: string, key = lister.key) => {
    const res = await api(`/api/email-templates${query}`, { key });
    expect(res.status).toBe(200);
    return res.json();
  };

  it("returns summaries only, newest first by default, with the default limit", async () => {
    const page = await list("");
    expect(page.templates.map((t: any) => t.id)).toEqual([...ids].reverse());
    expect(Object.keys(page.templates[0]).sort()).toEqual(["createdAt", "id", "name", "updatedAt"]);
    expect(page.paging).toMatchObject({ limit: 50, hasMore: false });
  });

  it("sorts by name case-insensitively in both directions with a stable tiebreak", async () => {
    const asc = await list("?sort=name&direction=asc");
    expect(asc.templates.map((t: any) => t.name)).toEqual(["Apple", "apple pie", "banana", "cherry", "Date", "elderberry", "Fig"]);
    const desc = await list("?sort=name&direction=desc");
    expect(desc.templates.map((t: any) => t.name)).toEqual(["Fig", "elderberry", "Date", "cherry", "banana", "apple pie", "Apple"]);
    const createdAsc = await list("?sort=createdAt&direction=asc");
    expect(createdAsc.templates.map((t: any) => t.id)).toEqual(ids);
  });

  it("pages with cursors forwards and backwards without skipping or repeating", async () => {
    const first = await list("?limit=3&sort=name&direction=asc");
    expect(first.paging.hasMore).toBe(true);
    const second = await list(`?limit=3&sort=name&direction=asc&after=${first.paging.cursors.after}`);
    const third = await list(`?limit=3&sort=name&direction=asc&after=${second.paging.cursors.after}`);
    expect(third.paging.hasMore).toBe(false);
    expect([...first.templates, ...second.templates, ...third.templates].map((t: any) => t.name)).toEqual([
      "Apple",
      "apple pie",
      "banana",
      "cherry",
      "Date",
      "elderberry",
      "Fig",
    ]);
    const back = await list(`?limit=3&sort=name&direction=asc&before=${third.paging.cursors.before}`);
    expect(back.templates).toEqual(second.templates);
  });

  it("keeps paging exact while rows are inserted and deleted", async () => {
    const first = await list("?limit=2&sort=createdAt&direction=desc");
    await createOk(lister, { name: "zz newer", sections: [] });
    const victim = first.templates[1].id;
    const next = await list(`?limit=2&sort=createdAt&direction=desc&after=${first.paging.cursors.after}`);
    expect(next.templates.map((t: any) => t.id)).toEqual([ids[4], ids[3]]);
    expect(victim).toBe(ids[5]);
  });

  it("nameContains is a case-insensitive substring", async () => {
    const page = await list("?nameContains=APPLE&sort=name&direction=asc");
    expect(page.templates.map((t: any) => t.name)).toEqual(["Apple", "apple pie"]);
    // LIKE wildcards are searched for literally, the same on every engine
    expect((await list("?nameContains=%25")).templates).toEqual([]);
    expect((await list("?nameContains=_")).templates).toEqual([]);
    const odd = await createOk(lister, { name: "100% off_sale", sections: [] });
    expect((await list("?nameContains=0%25%20OFF_")).templates.map((t: any) => t.id)).toEqual([odd.id]);
  });

  it("validates its parameters", async () => {
    for (const [query, pointer] of [
      ["?limit=0", "/limit"],
      ["?limit=101", "/limit"],
      ["?sort=updatedAt", "/sort"],
      ["?direction=up", "/direction"],
      [`?nameContains=${"x".repeat(201)}`, "/nameContains"],
      ["?after=a&before=b", "/before"],
    ]) {
      const body = await expectProblem(await api(`/api/email-templates${query}`, { key: lister.key }), 400, "validation-failed");
      expect(body.errors.map((e: any) => e.pointer)).toContain(pointer);
    }
    await expectProblem(await api("/api/email-templates?after=garbage", { key: lister.key }), 400, "validation-failed");
    const nameCursor = (await list("?limit=1&sort=name")).paging.cursors.after;
    await expectProblem(
      await api(`/api/email-templates?sort=createdAt&after=${nameCursor}`, { key: lister.key }),
      400,
      "validation-failed",
    );
    const forged = Buffer.from(JSON.stringify({ s: "createdAt", d: "desc", v: "not a date", id: "x" })).toString("base64url");
    await expectProblem(await api(`/api/email-templates?after=${forged}`, { key: lister.key }), 400, "validation-failed");
  });

  it("never shows another brand's templates", async () => {
    const page = await list("", other.key);
    expect(page.templates.some((t: any) => ids.includes(t.id))).toBe(false);
  });
});

describe("import", () => {
  const importHtml = (html: string, name = "Imported", into?: string) =>
    api(`/api/email-templates/import${into ? `?into=${into}` : ""}`, { key: brand.key, body: { name, html } });
  const intoBlocks = (html: string, name = "Imported") => importHtml(html, name, "blocks");
  const blocksOf = (template: any) =>
    template.sections.flatMap((s: any) => s.rows.flatMap((r: any) => r.columns.flatMap((c: any) => c.blocks)));
  /** An import is an ordinary template: it reads back (without the summary) and survives a PUT of itself. */
  async function expectOrdinaryTemplate(template: any) {
    const read = await json(await api(`/api/email-templates/${template.id}`, { key: brand.key }));
    const { importSummary: _summary, ...stored } = template;
    expect(read).toEqual(stored);
    const put = await api(`/api/email-templates/${template.id}`, {
      key: brand.key,
      method: "PUT",
      body: { name: read.name, generalSettings: read.generalSettings, sections: read.sections },
    });
    expect(put.status).toBe(200);
  }

  describe("by default, as the spec's import rules say", () => {
    it("the head's <style> tags become the HTML code block's style and the <body> content its body, as written", async () => {
      const body = `
  <h1 class="t">Hi *|FNAME|*</h1><br/>
  <p style="color:#333">Our   spring&nbsp;sale</p>
  <table role="presentation"><tr><td bgcolor="#eee">Cell</td></tr></table>
  <style>.inbody{}</style>
`;
      const html = `<!doctype html><html><head><title>T</title><style>p { color: red; }</style><style>.a{margin:0}</style><link rel="stylesheet" href="x.css"></head>
<body class="x" style="margin:0">${body}</body></html>`;
      const res = await importHtml(html);
      expect(res.status).toBe(201);
      const template = await res.json();
      expect(template.name).toBe("Imported");
      expect(template.sections).toHaveLength(1);
      expect(blocksOf(template)).toEqual([
        expect.objectContaining({ type: "htmlCode", htmlCode: { style: "p { color: red; }\n.a{margin:0}", body: body.trim() } }),
      ]);
      expect(template.importSummary).toEqual({
        into: "html",
        sections: 1,
        blocks: { htmlCode: 1 },
        keptAsHtml: [],
        stylesKept: true,
        // other tools' merge tags are left as written, and named
        mergeTags: { converted: [], convertible: [{ from: "*|FNAME|*", to: "[[contact.first_name]]", count: 1 }], unknown: [] },
      });
      await expectOrdinaryTemplate(template);
    });

    it("a <table> fragment without a <body> tag stays the table, whole, in one HTML code block", async () => {
      const html = "<table><tr><td>Frag</td></tr></table>";
      const template = await json(await importHtml(html, "Frag"));
      expect(blocksOf(template)).toEqual([expect.objectContaining({ type: "htmlCode", htmlCode: { style: "", body: html } })]);
      expect(template.importSummary).toMatchObject({ into: "html", sections: 1, blocks: { htmlCode: 1 }, stylesKept: false });
    });

    it("a body of h1, p and a table is ONE HTML code block holding the body as it was", async () => {
      const body = '<h1>Spring</h1>\n<p>New <b>arrivals</b></p>\n<table width="600"><tr><td>A</td><td>B</td></tr></table>';
      const template = await json(await importHtml(`<html><head></head><body>${body}</body></html>`));
      expect(blocksOf(template)).toEqual([expect.objectContaining({ type: "htmlCode", htmlCode: { style: "", body } })]);
    });

    it("HTML without a <body> tag is used as is, <style> tags included", async () => {
      const html = "<style>td{}</style>\n<table><tr><td>Hi {{ first_name }}</td></tr></table>";
      const template = await json(await importHtml(html));
      expect(blocksOf(template)).toEqual([expect.objectContaining({ type: "htmlCode", htmlCode: { style: "", body: html } })]);
      expect(template.importSummary.mergeTags.convertible).toEqual([{ from: "{{ first_name }}", to: "[[contact.first_name]]", count: 1 }]);
    });

    it("a <body> without its end tag runs to the end of the HTML; a body tag only mentioned in a comment is none", async () => {
      const open = await json(await importHtml("<head><style>a{}</style></head><body><p>Open to the end"));
      expect(blocksOf(open)[0].htmlCode).toEqual({ style: "a{}", body: "<p>Open to the end" });
      const html = "<!-- <body> --><p>&lt;body&gt; text</p>";
      expect(blocksOf(await json(await importHtml(html)))[0].htmlCode).toEqual({ style: "", body: html });
    });

    it("?into=html says the same; another value is a 400 naming the query parameter", async () => {
      const template = await json(await importHtml("<p>x</p>", "Explicit", "html"));
      expect(blocksOf(template)).toEqual([expect.objectContaining({ type: "htmlCode", htmlCode: { style: "", body: "<p>x</p>" } })]);
      const bad = await expectProblem(await importHtml("<p>x</p>", "Bad", "sections"), 400, "validation-failed");
      expect(bad.errors.map((e: any) => [e.field, e.in])).toEqual([["into", "query"]]);
    });
  });

  describe("?into=blocks: editable blocks where the structure allows", () => {
    it("head <style> tags are kept in the style block and applied to the blocks; the <body> content becomes editable blocks", async () => {
      const html = `<!doctype html><html><head><title>T</title><style>p { color: red; }</style><style>.a{margin:0}</style></head>
<body class="x"><p>Hello <b>[[contact.first_name]]</b></p><style>.inbody{}</style></body></html>`;
      const res = await intoBlocks(html);
      expect(res.status).toBe(201);
      const template = await res.json();
      expect(blocksOf(template)).toEqual([
        expect.objectContaining({ type: "htmlCode", htmlCode: { style: "p { color: red; }\n.a{margin:0}\n.inbody{}", body: "" } }),
        expect.objectContaining({ type: "text", text: '<p style="color: red;">Hello <b>[[contact.first_name]]</b></p>' }),
      ]);
      expect(template.importSummary).toMatchObject({
        into: "blocks",
        sections: 2,
        blocks: { htmlCode: 1, text: 1 },
        keptAsHtml: [],
        stylesKept: true,
        mergeTags: { converted: [], convertible: [], unknown: [] },
      });
      await expectOrdinaryTemplate(template);
    });

    it("HTML without a <body> tag is taken as the body", async () => {
      const template = await json(await intoBlocks("<table><tr><td>Hi</td></tr></table><style>td{}</style>"));
      expect(blocksOf(template)).toEqual([
        expect.objectContaining({ type: "htmlCode", htmlCode: { style: "td{}", body: "" } }),
        expect.objectContaining({ type: "text", text: "<p>Hi</p>" }),
      ]);
    });

    it("a tag merely mentioning body in text or comments is not a body tag", async () => {
      const html = "<!-- <body> --><p>&lt;body&gt; text</p>";
      expect(blocksOf(await json(await intoBlocks(html)))).toEqual([
        expect.objectContaining({ type: "text", text: "<p>&lt;body&gt; text</p>" }),
      ]);
    });

    it("converts other tools' merge tags, lists unknown ones and what was kept as HTML", async () => {
      const html =
        '<body><p>Hi *|FNAME|*, {{ loyalty_points }} points</p><form><input></form><p><a href="{{ unsubscribe_url }}">Leave</a></p></body>';
      const template = await json(await intoBlocks(html));
      expect(blocksOf(template).map((b: any) => b.type)).toEqual(["text", "htmlCode", "text"]);
      expect(blocksOf(template)[0].text).toBe("<p>Hi [[contact.first_name]], {{ loyalty_points }} points</p>");
      expect(template.importSummary.mergeTags).toEqual({
        converted: [
          { from: "{{ unsubscribe_url }}", to: "[[message.unsubscribe_url]]", count: 1 },
          { from: "*|FNAME|*", to: "[[contact.first_name]]", count: 1 },
        ],
        convertible: [],
        unknown: [{ tag: "{{ loyalty_points }}", count: 1 }],
      });
      expect(template.importSummary.keptAsHtml).toEqual([
        { pointer: "/sections/0/rows/0/columns/0/blocks/1", blockId: blocksOf(template)[1].id, reason: "a <form> element" },
      ]);
    });
  });

  it("validates name and html", async () => {
    const body = await expectProblem(
      await api("/api/email-templates/import", { key: brand.key, body: { name: "", html: "" } }),
      400,
      "validation-failed",
    );
    expect(body.errors.map((e: any) => [e.pointer, e.code])).toEqual([
      ["/name", "too_small"],
      ["/html", "too_small"],
    ]);
    const missing = await expectProblem(await api("/api/email-templates/import", { key: brand.key, body: {} }), 400, "validation-failed");
    expect(missing.errors.map((e: any) => [e.pointer, e.code])).toEqual([
      ["/name", "required"],
      ["/html", "required"],
    ]);
    await expectProblem(await importHtml("<p>x</p>", "x".repeat(256)), 400, "validation-failed");
  });

  it("refuses a body over 1 MB with 413 and accepts one just under", async () => {
    await expectProblem(await importHtml("<p>" + "x".repeat(1024 * 1024) + "</p>"), 413, "payload-too-large");
    const html = "<body><p>" + "x".repeat(1000 * 1000) + "</p></body>";
    const res = await importHtml(html);
    expect(res.status).toBe(201);
    expect(blocksOf(await json(res))).toEqual([
      expect.objectContaining({ type: "htmlCode", htmlCode: { style: "", body: expect.stringMatching(/^<p>x{1000000}<\/p>$/) } }),
    ]);
    // into blocks it is too long for a text block: kept whole as HTML instead, and said so
    const template = await json(await intoBlocks(html));
    expect(blocksOf(template)).toEqual([
      expect.objectContaining({ type: "htmlCode", htmlCode: { style: "", body: expect.stringMatching(/^<p>x{1000000}<\/p>$/) } }),
    ]);
    expect(template.importSummary.keptAsHtml[0].reason).toMatch(/^the structure could not be mapped to blocks/);
  });
});
