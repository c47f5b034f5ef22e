// The render endpoint's request and response bodies.
import { z } from "zod";
import { ResourceId } from "@/lib/http/route";
import { unprocessable } from "@/lib/openapi/common";
import { CHECK_CODES } from "@/lib/templates/checks/check";

export const RenderInput = z
  .strictObject({
    contactID: ResourceId.optional().meta({ description: "Render for this contact of the brand" }),
    email: z.string().trim().min(3).max(254).optional().meta({ description: "Render for the brand's contact with this email address" }),
  })
  .refine((v) => !(v.contactID && v.email), {
    message: "give contactID or email, not both",
    path: ["email"],
    params: { code: "not_allowed" },
  })
  .meta({ id: "RenderInput", description: "Whom to render for; no body (or an empty object) renders a preview with sample data" });
export type RenderInput = z.infer<typeof RenderInput>;

/** One warning, as the JSON array in the response's `warnings` string. */
export const RenderWarning = z
  .object({
    code: z.enum(["unknown-tag", "mjml", "product-skipped", ...CHECK_CODES]).meta({
      description:
        "unknown-tag: a personalization tag the service cannot fill (rendered as its default or nothing); mjml: a layout problem MJML reported; product-skipped: a product left out of a product section because it has no link or no image. " +
        "Pre-send checks: placeholder-link (a link that is #, empty or example.com), image-alt-missing, image-not-https, unsubscribe-missing (no [[message.unsubscribe_url]] anywhere), " +
        "html-too-large (over Gmail's 102 KB clipping limit), fallback-missing (a contact tag without a default), empty-products (product slots or picked products that would show nothing)",
    }),
    message: z.string(),
    pointer: z
      .string()
      .optional()
      .meta({ description: "JSON Pointer of the node in the template, e.g. /sections/1/rows/0/columns/0/blocks/0" }),
    blockId: z.string().optional().meta({ description: "Pre-send checks: the id of the block the check is about" }),
    tag: z.string().optional().meta({ description: "The tag as written" }),
    productID: z.string().optional().meta({ description: "The product left out (product-skipped)" }),
  })
  .meta({ id: "RenderWarning" });

/** Published: a string-to-string map. Our warnings travel as a JSON-encoded array in `warnings`. */
export const RenderResult = z
  .object({
    html: z.string().meta({ description: "Email-client-safe HTML (MJML output), personalized for the recipient" }),
    text: z.string().meta({ description: "The plain-text part" }),
    warnings: z.string().meta({ description: 'A JSON-encoded array of RenderWarning ({code, message, pointer?, tag?}); "[]" when none' }),
  })
  .meta({ id: "RenderResult", description: "Rendered email: string values only (a string-to-string map, as published)" });
export type RenderResult = z.infer<typeof RenderResult>;

/** The answer of both render operations to a tag opened with [[ and never closed. */
export const TEMPLATE_SYNTAX_ERROR = unprocessable("Template syntax error: an unclosed personalization tag (errors name each place)");
