// Where image bytes live: a folder served by Inkwell (the default; IMAGES_DIR under the data folder)
// or an S3-compatible bucket (IMAGES_STORAGE=s3). Keys are file names made by Inkwell
// (<image id>-<random>.<extension>), so they are safe as paths and as object keys.
import fs from "node:fs/promises";
import path from "node:path";
import { config } from "@/lib/config";
import type { ImageType } from "./schemas";

export type StorageKind = "local" | "s3";

export type ImageStorage = {
  readonly kind: StorageKind;
  put(key: string, bytes: Uint8Array, type: ImageType): Promise<void>;
  /** Removes the object; a missing one is not an error. */
  remove(key: string): Promise<void>;
};

/** The path where local images are served: APP_URL/images/<key>. */
export const LOCAL_IMAGE_PATH = "/images/";
/** Images never change under a key (a new upload gets a new key), so caches may keep them for a year. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
export const KEY_PATTERN = /^[0-9a-f]{24}-[0-9a-f]{16}\.(jpg|png|gif|webp)$/;

export const EXTENSIONS: Record<ImageType, string> = { "image/jpeg": "jpg", "image/png": "png", "image/gif": "gif", "image/webp": "webp" };
export const TYPE_OF_EXTENSION: Record<string, ImageType> = { jpg: "image/jpeg", png: "image/png", gif: "image/gif", webp: "image/webp" };

export function localImageDir(): string {
  return path.resolve(config().IMAGES_DIR);
}

/** The file of a local image, or null for a string that is not an image key (no path can escape the folder). */
export function localImageFile(key: string): string | null {
  return KEY_PATTERN.test(key) ? path.join(localImageDir(), key) : null;
}

const localStorage: ImageStorage = {
  kind: "local",
  async put(key, bytes) {
    const file = localImageFile(key)!;
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written beside, then renamed: a reader never sees half a file.
    const temporary = `${file}.${process.pid}.tmp`;
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, file);
  },
  async remove(key) {
    const file = localImageFile(key);
    if (file) await fs.rm(file, { force: true });
  },
};

type S3 = { client: import("@aws-sdk/client-s3").S3Client; module: typeof import("@aws-sdk/client-s3") };
let s3: Promise<S3> | undefined;

function s3Client(): Promise<S3> {
  s3 ??= import("@aws-sdk/client-s3").then((module) => {
    const c = config();
    const client = new module.S3Client({
      region: c.S3_REGION,
      ...(c.S3_ENDPOINT ? { endpoint: c.S3_ENDPOINT } : {}),
      forcePathStyle: c.S3_FORCE_PATH_STYLE === "on",
      // S3-compatible services (R2, MinIO, ...) refuse the SDK's default flexible checksums since
      // v3.729 (aws/aws-sdk-js-v3#6810): compute them only where the S3 API requires one.
      ...(c.S3_ENDPOINT
        ? { requestChecksumCalculation: "WHEN_REQUIRED" as const, responseChecksumValidation: "WHEN_REQUIRED" as const }
        : {}),
      ...(c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY
        ? { credentials: { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY } }
        : {}),
    });
    return { client, module };
  });
  return s3;
}

const bucketStorage: ImageStorage = {
  kind: "s3",
  async put(key, bytes, type) {
    const { client, module } = await s3Client();
    await client.send(
      new module.PutObjectCommand({ Bucket: config().S3_BUCKET, Key: key, Body: bytes, ContentType: type, CacheControl: IMMUTABLE_CACHE }),
    );
  },
  async remove(key) {
    const { client, module } = await s3Client();
    await client.send(new module.DeleteObjectCommand({ Bucket: config().S3_BUCKET, Key: key }));
  },
};

/** The storage new uploads go to. */
export function imageStorage(): ImageStorage {
  return config().IMAGES_STORAGE === "s3" ? bucketStorage : localStorage;
}

export function storageOf(kind: string): ImageStorage {
  return kind === "s3" ? bucketStorage : localStorage;
}

/** The bucket's public base URL: S3_PUBLIC_URL, else the bucket's own address. */
function bucketBaseUrl(): string {
  const c = config();
  if (c.S3_PUBLIC_URL) return c.S3_PUBLIC_URL;
  if (c.S3_ENDPOINT) {
    if (c.S3_FORCE_PATH_STYLE === "on") return `${c.S3_ENDPOINT}/${c.S3_BUCKET}`;
    const endpoint = new URL(c.S3_ENDPOINT);
    return `${endpoint.protocol}//${c.S3_BUCKET}.${endpoint.host}`;
  }
  return `https://${c.S3_BUCKET}.s3.${c.S3_REGION}.amazonaws.com`;
}

/** The public URL of a stored image: on the public origin (APP_URL), never a request's host. */
export function publicImageUrl(kind: string, key: string): string {
  return kind === "s3" ? `${bucketBaseUrl()}/${key}` : `${config().appOrigin}${LOCAL_IMAGE_PATH}${key}`;
}
