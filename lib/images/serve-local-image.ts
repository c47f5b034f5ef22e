// Serving an image of the local storage: only names Inkwell makes (no path can leave the folder), the
// content type from the extension given at upload (the bytes were checked then), nosniff, no scripts.
import fs from "node:fs/promises";
import { IMMUTABLE_CACHE, KEY_PATTERN, localImageFile, TYPE_OF_EXTENSION } from "./storage";

const NOT_FOUND_HEADERS = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };

export async function serveLocalImage(key: string): Promise<Response> {
  const file = KEY_PATTERN.test(key) ? localImageFile(key) : null;
  if (!file) return new Response("Not found", { status: 404, headers: NOT_FOUND_HEADERS });
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(file);
  } catch {
    return new Response("Not found", { status: 404, headers: NOT_FOUND_HEADERS });
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
