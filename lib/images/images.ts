// The brand's image library: store an upload (file or URL), list, read, delete, and find the templates
// that show an image. The bytes go to the configured storage before the row is written, so a row
// always points at bytes; a failed row write removes the bytes again.
import { randomBytes } from "node:crypto";
import { imageSize } from "image-size";
import { db } from "@/lib/db";
import { sqlReader } from "@/lib/db/sql";
import { findNameContaining, keysetPage } from "@/lib/http/pagination";
import { ApiProblem } from "@/lib/http/problems";
import { newId } from "@/lib/ids";
import { cursorDate } from "@/lib/templates/list-templates";
import { tooLarge } from "./fetch-image";
import { EXTENSIONS, imageStorage, publicImageUrl, storageOf } from "./storage";
import { IMAGE_TYPES, MAX_IMAGE_BYTES, MAX_IMAGE_NAME, type ImageListQuery, type ImageRecord, type ImageType } from "./schemas";

const TYPE_OF_FORMAT: Record<string, ImageType> = { jpg: "image/jpeg", png: "image/png", gif: "image/gif", webp: "image/webp" };

export type InspectedImage = { type: ImageType; width: number; height: number };

/** The image's type and size in pixels, read from its bytes (a declared content type is not trusted). */
export function inspectImage(bytes: Uint8Array, field: "file" | "url"): InspectedImage {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw tooLarge();
  let info: ReturnType<typeof imageSize> | undefined;
  try {
    info = bytes.byteLength > 0 ? imageSize(bytes) : undefined;
  } catch {
    info = undefined;
  }
  const type = info?.type ? TYPE_OF_FORMAT[info.type] : undefined;
  if (!info || !type || !info.width || !info.height) {
    const what = info?.type ? `a ${info.type.toUpperCase()} image` : bytes.byteLength === 0 ? "empty" : "not an image";
    throw new ApiProblem(
      "validation-failed",
      `The ${field === "file" ? "file" : "URL's content"} is ${what}; images must be JPEG, PNG, GIF or WebP`,
      {
        errors: [
          {
            field,
            pointer: `/${field}`,
            code: "unsupported_type",
            message: `must be a JPEG, PNG, GIF or WebP image (${IMAGE_TYPES.join(", ")})`,
          },
        ],
      },
    );
  }
  return { type, width: info.width, height: info.height };
}

type Row = {
  id: string;
  name: string;
  nameLower: string;
  type: string;
  size: number;
  width: number;
  height: number;
  storage: string;
  storageKey: string;
  createdAt: Date;
};
const COLUMNS = {
  id: true,
  name: true,
  nameLower: true,
  type: true,
  size: true,
  width: true,
  height: true,
  storage: true,
  storageKey: true,
  createdAt: true,
} as const;

export function toImage(row: Row): ImageRecord {
  return {
    id: row.id,
    name: row.name,
    type: row.type as ImageType,
    size: row.size,
    width: row.width,
    height: row.height,
    url: publicImageUrl(row.storage, row.storageKey),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A display name from a file name: without its extension, trimmed to the limit. */
export function nameFrom(fileName: string): string {
  const base = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, "").trim();
  return (base || "image").slice(0, MAX_IMAGE_NAME);
}

/** Stores an image's bytes and its row; the bytes' type and size are checked first. */
export async function storeImage(brandId: string, bytes: Uint8Array, name: string, field: "file" | "url"): Promise<ImageRecord> {
  const { type, width, height } = inspectImage(bytes, field);
  const now = new Date();
  const id = newId(now);
  const key = `${id}-${randomBytes(8).toString("hex")}.${EXTENSIONS[type]}`;
  const storage = imageStorage();
  await storage.put(key, bytes, type);
  const row: Row = {
    id,
    name,
    nameLower: name.toLowerCase(),
    type,
    size: bytes.byteLength,
    width,
    height,
    storage: storage.kind,
    storageKey: key,
    createdAt: now,
  };
  try {
    await db.image.create({ data: { ...row, brandId } });
  } catch (error) {
    await storage.remove(key).catch(() => {});
    throw error;
  }
  return toImage(row);
}

function missing(id: string): ApiProblem {
  return new ApiProblem("not-found", `Image ${id} does not exist`);
}

export async function getImage(brandId: string, id: string): Promise<ImageRecord> {
  const row = await db.image.findFirst({ where: { id, brandId }, select: COLUMNS });
  if (!row) throw missing(id);
  return toImage(row);
}

/** Deletes the row, then the bytes (an email already sent keeps pointing at a missing image: said in the UI). */
export async function deleteImage(brandId: string, id: string): Promise<void> {
  const row = await db.image.findFirst({ where: { id, brandId }, select: { storage: true, storageKey: true } });
  if (!row) throw missing(id);
  await db.image.delete({ where: { id } });
  await storageOf(row.storage).remove(row.storageKey);
}

export async function listImages(brandId: string, query: ImageListQuery) {
  const byName = query.sort === "name";
  const needle = query.nameContains?.toLowerCase();
  const page = await keysetPage<Row>({
    sort: query.sort,
    column: byName ? "nameLower" : "createdAt",
    direction: query.direction,
    limit: query.limit,
    after: query.after,
    before: query.before,
    valueOf: (row) => (byName ? row.nameLower : row.createdAt.toISOString()),
    toColumn: (value) => (byName ? String(value) : cursorDate(value)),
    fetch: (args) => {
      const find = (found: typeof args) => db.image.findMany({ ...found, where: { brandId, ...found.where }, select: COLUMNS });
      return needle ? findNameContaining(needle, args, find) : find(args);
    },
  });
  return { images: page.rows.map(toImage), paging: page.paging };
}

/**
 * Templates and universal layouts whose content names the image: by its storage key (its URL, in any
 * form) or by its id (published fields such as image.id and backgroundImageID).
 */
export async function imageUsage(brandId: string, id: string) {
  const row = await db.image.findFirst({ where: { id, brandId }, select: { storageKey: true } });
  if (!row) throw missing(id);
  const reader = sqlReader();
  // Keys and ids are hex, "-" and "." only: no LIKE wildcard to escape.
  const byKey = `%${row.storageKey}%`;
  const byId = `%"${id}"%`;
  const names = (column: string) => {
    const text = reader.dialect.jsonAsText(`"${column}"`);
    return `${text} LIKE ? OR ${text} LIKE ?`;
  };
  const [templates, layouts] = await Promise.all([
    reader.all<{ id: string; name: string }>(
      `SELECT "id", "name" FROM "EmailTemplate" WHERE "brandId" = ? AND (${names("sections")} OR ${names("generalSettings")}) ORDER BY "name"`,
      [brandId, byKey, byId, byKey, byId],
    ),
    reader.all<{ id: string; name: string }>(
      `SELECT "id", "name" FROM "UniversalLayout" WHERE "brandId" = ? AND (${names("content")}) ORDER BY "name"`,
      [brandId, byKey, byId],
    ),
  ]);
  return { templates, layouts };
}
