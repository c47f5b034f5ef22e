// Images as published (api-evangelist/omnisend, Images API 2026-03-15): upload a file, upload by URL
// (with the SSRF protections), list, read, delete; the files are served by Inkwell on the public origin.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { api, baseUrl, createTestBrand, expectProblem, json, MISSING_ID, VERSION, type TestBrand } from "./helpers";
import { gifBytes, oversizedPng, pngBytes, startImageServer, type ImageServer } from "./image-fixtures";
import { accessTokenFor } from "./oauth-helpers";
import { exampleOf, expectPublished, publishedResponseSchema } from "./published";
import { createTemplate } from "./render-helpers";

let shop: TestBrand;
let images: ImageServer;

async function upload(
  key: string,
  file: Buffer | null,
  fileName = "photo.png",
  fields: Record<string, string> = {},
  type = "image/png",
): Promise<Response> {
  const form = new FormData();
  if (file) form.set("file", new Blob([new Uint8Array(file)], { type }), fileName);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return fetch(`${baseUrl()}/api/images/upload`, {
    method: "POST",
    headers: { "Service-Version": VERSION, Authorization: `Service-API-Key ${key}` },
    body: form,
  });
}

beforeAll(async () => {
  shop = await createTestBrand();
  images = await startImageServer({
    "/image.jpg": { type: "image/jpeg", body: pngBytes(8, 6) }, // a PNG under a .jpg name: the bytes decide
    "/logo.gif": { type: "image/gif", body: gifBytes() },
    "/page.html": { type: "text/html", body: "<html><body>not an image</body></html>" },
    "/huge.png": { type: "image/png", body: oversizedPng() },
    "/slow.png": { type: "image/png", body: pngBytes(), delayMs: 4000 },
    "/missing.png": { status: 404, body: "gone" },
    "/to-metadata": { location: "https://169.254.169.254/latest/meta-data/" },
    "/to-logo": { location: "/logo.gif" },
  });
});

afterAll(async () => {
  await images?.close();
});

describe("upload a file", () => {
  it("stores a PNG: 201 with the published Image, a URL on the public origin, served with long cache headers", async () => {
    const res = await upload(shop.key, pngBytes(4, 3), "Summer sale.png");
    const image = await json(res);
    expect(res.status, JSON.stringify(image)).toBe(201);
    expectPublished("images", publishedResponseSchema("images", "/images/upload", "post", "201"), image);
    expect(image).toMatchObject({ name: "Summer sale", type: "image/png", width: 4, height: 3, size: pngBytes(4, 3).length });
    // APP_URL is unset in the test server: the configured public origin is http://localhost:PORT,
    // while this request came in on 127.0.0.1. The URL never takes the request's host.
    const url = new URL(image.url);
    expect(url.hostname).toBe("localhost");
    expect(url.pathname).toMatch(/^\/images\/[0-9a-f]{24}-[0-9a-f]{16}\.png$/);
    const served = await fetch(`${baseUrl()}${url.pathname}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(pngBytes(4, 3))).toBe(true);
    // The file lives under the server's image folder.
    expect(fs.existsSync(path.join(inject("imagesDir"), url.pathname.split("/").pop()!))).toBe(true);
  });

  it("takes a custom name; GIF works; the declared type is not trusted", async () => {
    const named = await json(await upload(shop.key, pngBytes(), "x.png", { name: "Hero banner" }));
    expect(named.name).toBe("Hero banner");
    const gif = await json(await upload(shop.key, gifBytes(), "dot.gif", {}, "image/gif"));
    expect(gif).toMatchObject({ type: "image/gif", width: 1, height: 1 });
    expect(gif.url).toMatch(/\.gif$/);
    const lying = await upload(
      shop.key,
      Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"),
      "evil.png",
      {},
      "image/png",
    );
    const body = await expectProblem(lying, 400, "validation-failed");
    expect(body.errors[0]).toMatchObject({ field: "file", code: "unsupported_type" });
  });

  it("more than 5 MB is 413; no file is 400; a NUL in the name is 400; a JSON body is 415", async () => {
    await expectProblem(await upload(shop.key, oversizedPng(), "big.png"), 413, "payload-too-large");
    const missing = await expectProblem(await upload(shop.key, null, "", { name: "nothing" }), 400, "validation-failed");
    expect(missing.errors[0]).toMatchObject({ field: "file", code: "required" });
    // A NUL in the form's name (the fuzz met it answering 500 on PostgreSQL), or in the file's own name.
    for (const [file, fields] of [
      ["x.png", { name: "nul\u0000inside" }],
      ["nul\u0000inside.png", {}],
    ] as const) {
      const nul = await expectProblem(await upload(shop.key, pngBytes(), file, fields), 400, "validation-failed");
      expect(nul.errors[0]).toMatchObject({ field: "name", pointer: "/name", code: "invalid_unicode" });
    }
    await expectProblem(
      await api("/api/images/upload", { key: shop.key, body: { url: "https://example.com/a.png" } }),
      415,
      "unsupported-media-type",
    );
  });

  it("is also served by id at /image/newsletter/{id}, where emails point for images named by id", async () => {
    const image = await json(await upload(shop.key, pngBytes(5, 5), "by-id.png"));
    const res = await fetch(`${baseUrl()}/image/newsletter/${image.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(Buffer.from(await res.arrayBuffer()).equals(pngBytes(5, 5))).toBe(true);
    expect((await fetch(`${baseUrl()}/image/newsletter/${MISSING_ID}`)).status).toBe(404);
  });

  it("served files: unknown keys and path tricks are 404", async () => {
    for (const p of ["/images/0123456789abcdef01234567-0123456789abcdef.png", "/images/..%2F..%2Fpackage.json", "/images/whatever.svg"]) {
      const res = await fetch(baseUrl() + p);
      expect(res.status, p).toBe(404);
    }
  });
});

describe("images in rendered email", () => {
  /** A render sent with another Host, X-Forwarded-Host/Proto and Forwarded, as a proxy or a forged request would. */
  function renderFromElsewhere(templateId: string): Promise<{ status: number; body: string }> {
    const target = new URL(baseUrl());
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: "POST",
          path: `/api/email-templates/${templateId}/render`,
          headers: {
            Host: "evil.example:8443",
            "X-Forwarded-Host": "attacker.example",
            "X-Forwarded-Proto": "https",
            Forwarded: "host=forwarded.example;proto=https",
            "Service-Version": VERSION,
            Authorization: `Service-API-Key ${shop.key}`,
          },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => (text += chunk));
          res.on("end", () => resolve({ status: res.statusCode!, body: text }));
        },
      );
      req.on("error", reject);
      req.end();
    });
  }

  it("point at the public base URL (APP_URL), whatever Host or forwarded host the request came with", async () => {
    const image = await json(await upload(shop.key, pngBytes(6, 6), "public-origin.png"));
    const imagePath = new URL(image.url).pathname;
    const background = { backgroundImageID: image.id };
    const template = await createTemplate(shop.key, {
      generalSettings: { body: background },
      sections: [
        {
          id: "s",
          styleProperties: background,
          rows: [
            {
              id: "r",
              styleProperties: background,
              columns: [
                {
                  id: "c",
                  styleProperties: background,
                  blocks: [
                    { id: "img", type: "image", image: { source: imagePath, id: image.id, altText: "By path" } },
                    { id: "txt", type: "text", text: "<p>Over a library image</p>", styleProperties: background },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    // First render of this template: nothing cached from a request with the usual Host.
    const { status, body } = await renderFromElsewhere(template.id);
    expect(status, body.slice(0, 300)).toBe(200);
    const { html } = JSON.parse(body) as { html: string };
    // APP_URL is unset in the test server: the public base URL is http://localhost:PORT (this request went to 127.0.0.1).
    const origin = `http://localhost:${new URL(baseUrl()).port}`;
    const addresses = [...html.matchAll(/https?:\/\/[^\s"'()<>&]+?\/(?:images\/|image\/newsletter\/)[^\s"'()<>&]+/g)].map((m) => m[0]);
    expect(addresses).toContain(`${origin}${imagePath}`); // the image block's source, a path
    expect(addresses.filter((a) => a === `${origin}/image/newsletter/${image.id}`).length).toBeGreaterThanOrEqual(5); // body, section, row, column, text
    for (const address of addresses) expect(address.startsWith(`${origin}/`), address).toBe(true);
    expect(html).not.toMatch(/evil\.example|attacker\.example|forwarded\.example|127\.0\.0\.1/);
    expect(html).not.toMatch(/["'(]\/images?\//); // no address left relative
  });
});

describe("upload by URL", () => {
  it("the published example (its host swapped for the test's image server) is answered 201", async () => {
    const example = exampleOf("images", "UploadURLRequest");
    expect(example).toEqual({ name: "my-image", url: "https://example.com/image.jpg" });
    const res = await api("/api/images", { key: shop.key, body: { ...example, url: images.url(new URL(example.url as string).pathname) } });
    const image = await json(res);
    expect(res.status, JSON.stringify(image)).toBe(201);
    expectPublished("images", publishedResponseSchema("images", "/images", "post", "201"), image);
    expect(image).toMatchObject({ name: "my-image", type: "image/png", width: 8, height: 6 });
  });

  it("names the image after the URL's file; follows a redirect", async () => {
    const image = await json(await api("/api/images", { key: shop.key, body: { url: images.url("/to-logo") } }));
    expect(image).toMatchObject({ name: "logo", type: "image/gif" });
  });

  it("refuses loopback, private and link-local addresses (SSRF), before connecting", async () => {
    for (const url of [
      "https://127.0.0.1/image.png",
      "https://127.0.0.1:8443/image.png",
      "https://10.0.0.1/image.png",
      "https://10.255.12.34/image.png",
      "https://169.254.169.254/latest/meta-data/iam/security-credentials/",
      "https://[::1]/image.png",
      "https://[::ffff:10.0.0.1]/image.png",
      "https://192.168.1.10/image.png",
    ]) {
      const body = await expectProblem(await api("/api/images", { key: shop.key, body: { url } }), 400, "validation-failed");
      expect(body.errors[0], url).toMatchObject({ field: "url", code: "private_address" });
    }
    // A public page that redirects to the metadata address is refused at the redirect.
    const redirected = await expectProblem(
      await api("/api/images", { key: shop.key, body: { url: images.url("/to-metadata") } }),
      400,
      "validation-failed",
    );
    expect(redirected.errors[0]).toMatchObject({ code: "private_address" });
  });

  it("plain http is refused for the open internet; https is required", async () => {
    const body = await expectProblem(
      await api("/api/images", { key: shop.key, body: { url: "http://example.com/a.png" } }),
      400,
      "validation-failed",
    );
    expect(body.errors[0]).toMatchObject({ field: "url", code: "invalid_url" });
  });

  it("wrong type is 400, too large is 413, a 404 or a timeout is a clear 400", async () => {
    const html = await expectProblem(
      await api("/api/images", { key: shop.key, body: { url: images.url("/page.html") } }),
      400,
      "validation-failed",
    );
    expect(html.errors[0]).toMatchObject({ field: "url", code: "unsupported_type" });
    await expectProblem(await api("/api/images", { key: shop.key, body: { url: images.url("/huge.png") } }), 413, "payload-too-large");
    const gone = await expectProblem(
      await api("/api/images", { key: shop.key, body: { url: images.url("/missing.png") } }),
      400,
      "validation-failed",
    );
    expect(gone.errors[0]).toMatchObject({ code: "fetch_failed" });
    expect(gone.detail).toContain("404");
    const slow = await expectProblem(
      await api("/api/images", { key: shop.key, body: { url: images.url("/slow.png") } }),
      400,
      "validation-failed",
    );
    expect(slow.errors[0]).toMatchObject({ code: "fetch_timeout" });
  });
});

describe("library", () => {
  it("lists with cursor pages, sorts by name, searches by name; every page validates", async () => {
    const brand = await createTestBrand();
    for (const name of ["Beach", "city lights", "Autumn", "Beach party"]) await upload(brand.key, pngBytes(), `${name}.png`);
    const all = await json(await api("/api/images", { key: brand.key }));
    expectPublished("images", publishedResponseSchema("images", "/images", "get", "200"), all);
    expect(all.images.map((i: { name: string }) => i.name)).toEqual(["Beach party", "Autumn", "city lights", "Beach"]);
    const byName = await json(await api("/api/images?sort=name&direction=asc&limit=2", { key: brand.key }));
    expect(byName.images.map((i: { name: string }) => i.name)).toEqual(["Autumn", "Beach"]);
    expect(byName.paging.hasMore).toBe(true);
    const rest = await json(
      await api(`/api/images?sort=name&direction=asc&limit=2&after=${byName.paging.cursors.after}`, { key: brand.key }),
    );
    expect(rest.images.map((i: { name: string }) => i.name)).toEqual(["Beach party", "city lights"]);
    const search = await json(await api("/api/images?nameContains=BEACH", { key: brand.key }));
    expect(search.images.map((i: { name: string }) => i.name).sort()).toEqual(["Beach", "Beach party"]);
    await expectProblem(await api("/api/images?limit=251", { key: brand.key }), 400, "validation-failed");
  });

  it("searches names for % and _ literally, with full pages", async () => {
    const brand = await createTestBrand();
    for (const name of ["x_1", "xy1", "xy2", "x_2"]) await upload(brand.key, pngBytes(), `${name}.png`);
    const first = await json(await api("/api/images?nameContains=x_&limit=1", { key: brand.key }));
    expect(first.images.map((i: { name: string }) => i.name)).toEqual(["x_2"]);
    expect(first.paging.hasMore).toBe(true);
    const next = await json(await api(`/api/images?nameContains=x_&limit=1&after=${first.paging.cursors.after}`, { key: brand.key }));
    expect(next.images.map((i: { name: string }) => i.name)).toEqual(["x_1"]);
    expect((await json(await api("/api/images?nameContains=%25", { key: brand.key }))).images).toEqual([]);
  });

  it("get and delete; usage names the templates that show the image; other brands see nothing", async () => {
    const image = await json(await upload(shop.key, pngBytes(), "in-use.png"));
    const got = await json(await api(`/api/images/${image.id}`, { key: shop.key }));
    expectPublished("images", publishedResponseSchema("images", "/images/{id}", "get", "200"), got);
    expect(got).toEqual(image);
    const template = await createTemplate(shop.key, {
      name: "Uses the image",
      sections: [
        {
          id: "s1",
          rows: [
            {
              id: "r1",
              columns: [{ id: "c1", blocks: [{ id: "b1", type: "image", image: { source: image.url, id: image.id, altText: "In use" } }] }],
            },
          ],
        },
      ],
    });
    const usage = await json(await api(`/api/images/${image.id}/usage`, { key: shop.key }));
    expect(usage).toEqual({ templates: [{ id: template.id, name: "Uses the image" }], layouts: [] });

    const outsider = await createTestBrand();
    await expectProblem(await api(`/api/images/${image.id}`, { key: outsider.key }), 404, "not-found");
    await expectProblem(await api(`/api/images/${image.id}`, { key: outsider.key, method: "DELETE" }), 404, "not-found");

    expect((await api(`/api/images/${image.id}`, { key: shop.key, method: "DELETE" })).status).toBe(204);
    await expectProblem(await api(`/api/images/${image.id}`, { key: shop.key }), 404, "not-found");
    expect((await fetch(`${baseUrl()}${new URL(image.url).pathname}`)).status).toBe(404);
    await expectProblem(await api(`/api/images/${MISSING_ID}`, { key: shop.key, method: "DELETE" }), 404, "not-found");
  });

  it("scopes: images.read lists, images.write uploads", async () => {
    const reader = await accessTokenFor(shop.brandId, ["images.read"]);
    expect((await api("/api/images", { bearer: reader })).status).toBe(200);
    await expectProblem(await api("/api/images", { bearer: reader, body: { url: images.url("/logo.gif") } }), 403, "insufficient-scope");
    const writer = await accessTokenFor(shop.brandId, ["images.write"]);
    expect((await api("/api/images", { bearer: writer, body: { url: images.url("/logo.gif") } })).status).toBe(201);
  });
});
