// Image storage in an S3-compatible bucket, against a real S3 protocol server (s3rver) on loopback: the
// object is written with its type and cache headers, readable at the public URL, and removed.
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const directory = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-s3-"));
let server: S3rver;
let endpoint: string;

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: "inkwell-images", configs: [] }],
  });
  const { port } = (await server.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${port}`;
  // s3rver's built-in account; the configuration is read on first use, after this.
  Object.assign(process.env, {
    IMAGES_STORAGE: "s3",
    S3_BUCKET: "inkwell-images",
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: "on",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_REGION: "us-east-1",
  });
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

describe("S3-compatible storage", () => {
  it("puts an image with its type and a year-long cache header, at the bucket's public URL, and removes it", async () => {
    const { imageStorage, publicImageUrl } = await import("./storage");
    const storage = imageStorage();
    expect(storage.kind).toBe("s3");
    const key = "0123456789abcdef01234567-0123456789abcdef.png";
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await storage.put(key, bytes, "image/png");
    const url = publicImageUrl("s3", key);
    expect(url).toBe(`${endpoint}/inkwell-images/${key}`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    // A local image keeps its URL on the public origin even when uploads now go to the bucket.
    expect(publicImageUrl("local", key)).toMatch(/^http:\/\/localhost:3000\/images\//);
    await storage.remove(key);
    expect((await fetch(url)).status).toBe(404);
  });
});
