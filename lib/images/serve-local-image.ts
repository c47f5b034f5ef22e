// Serving an image of the local storage: only names Inkwell makes (no path can leave the folder), the
// content type from the extension given at upload (the bytes were checked then), nosniff, no scripts.
import fs from "node:fs/promises";
import { db } from "@/lib/db";
import { ID_PATTERN } from "@/lib/ids";
import { IMMUTABLE_CACHE, KEY_PATTERN, localImageFile, publicImageUrl, TYPE_OF_EXTENSION } from "./storage";

const NOT_FOUND_HEADERS = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };

export async function serveLocalImage(key: string): Promise<Response> {
  const file = KEY_PATTERN.test(key) ? localImageFile(key) : null;
  if (!file) return notFound();
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(file);
  } catch {
    return notFound();
  }
  const type = TYPE_OF_EXTENSION[key.slice(key.lastIndexOf(".") + 1)];
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      "Content-Type": type,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": IMMUTABLE_CACHE,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "cross-origin",
    },
  });
}

const notFound = () => new Response("Not found", { status: 404, headers: NOT_FOUND_HEADERS });

/**
 * An image by its id (ids are unique across brands, and images are public once used in an email): the
 * bytes of a local image, or a permanent redirect to a bucket's object.
 */
export async function serveImageById(id: string): Promise<Response> {
  if (!ID_PATTERN.test(id)) return notFound();
  const image = await db.image.findUnique({ where: { id }, select: { storage: true, storageKey: true } });
  if (!image) return notFound();
  if (image.storage === "local") return serveLocalImage(image.storageKey);
  return new Response(null, {
    status: 301,
    headers: { Location: publicImageUrl(image.storage, image.storageKey), "Cache-Control": IMMUTABLE_CACHE },
  });
}
