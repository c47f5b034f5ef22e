// The shapes of the published Images API (2026-03-15): one zod schema per shape is the validator, the
// type and the OpenAPI description.
import { z } from "zod";
import { noAfterAndBefore, pagingQuery, PagingSchema } from "@/lib/http/pagination";

/** Published: JPEG, PNG, GIF or WebP, at most 5 MB. */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_NAME = 255;

export const ImageSchema = z
  .object({
    id: z.string().meta({ description: "Unique image identifier (24 hex)", example: "507f1f77bcf86cd799439011" }),
    name: z.string().meta({ example: "my-image" }),
    type: z.enum(IMAGE_TYPES).meta({ description: "MIME type, read from the file's bytes" }),
    size: z.number().int().meta({ description: "Size in bytes", example: 102400 }),
    width: z.number().int().meta({ description: "Width in pixels", example: 1920 }),
    height: z.number().int().meta({ description: "Height in pixels", example: 1080 }),
    url: z.string().meta({
      description: "Public URL of the image: on Inkwell's public origin (APP_URL) or the bucket's public URL",
      example: "https://inkwell.example.com/images/507f1f77bcf86cd799439011-3f2a9c1b7d4e8a60.jpg",
    }),
    createdAt: z.iso.datetime(),
  })
  .meta({
    id: "LibraryImage",
    description:
      "An image of the brand's library: the published Image of the Images API (named LibraryImage here beside the email content's Image)",
  });
export type ImageRecord = z.infer<typeof ImageSchema>;

export const UploadURLRequest = z
  .strictObject({
    url: z.string().min(1).max(2000).meta({
      description: "A publicly reachable https URL of a JPEG, PNG, GIF or WebP image of at most 5 MB",
      example: "https://example.com/image.jpg",
    }),
    name: z
      .string()
      .trim()
      .min(1)
      .max(MAX_IMAGE_NAME)
      .optional()
      .meta({ description: "Default: the file name in the URL", example: "my-image" }),
  })
  .meta({ id: "UploadURLRequest" });
export type UploadURLRequest = z.infer<typeof UploadURLRequest>;

export const UploadFileForm = z
  .object({
    file: z.string().meta({ format: "binary", description: "The image file (JPEG, PNG, GIF or WebP, at most 5 MB)" }),
    name: z.string().optional().meta({ description: "Default: the file's name" }),
  })
  .meta({ id: "UploadFileForm" });

export const ImageListQuery = pagingQuery({ max: 250, default: 100 })
  .extend({
    sort: z.enum(["createdAt", "name"]).default("createdAt").meta({ description: "Sort field (ties broken by id)" }),
    direction: z.enum(["asc", "desc"]).default("desc"),
    nameContains: z.string().max(200).optional().meta({ description: "Case-insensitive substring of the name" }),
  })
  .strict()
  .superRefine(noAfterAndBefore);
export type ImageListQuery = z.infer<typeof ImageListQuery>;

export const ImageListSchema = z.object({ images: z.array(ImageSchema), paging: PagingSchema }).meta({ id: "ListImagesResponse" });

const Named = z.object({ id: z.string(), name: z.string() });
export const ImageUsageSchema = z
  .object({
    templates: z.array(Named).meta({ description: "Templates whose content shows the image" }),
    layouts: z.array(Named).meta({ description: "Universal layouts whose content shows the image" }),
  })
  .meta({ id: "ImageUsage" });

/** What an upload accepts, for the operations' descriptions. */
export const IMAGE_LIMITS_NOTE =
  "JPEG, PNG, GIF or WebP (read from the bytes, not the declared type), at most 5 MB: another type is a 400 (`unsupported_type`), a larger image a 413.";
