// Template, content and layout writes validate inside lib (shape, cross-node rules and database references
// reported together), so their routes take the JSON body as is; the OpenAPI document shows the schema lib
// validates it against.
import { validatedInLib } from "@/lib/http/operation";
import { LayoutInput } from "./layouts/schema";
import { ContentInput, TemplateInput } from "./schema/template";

export const RawTemplate = validatedInLib(TemplateInput);
export const RawContent = validatedInLib(ContentInput);
export const RawLayout = validatedInLib(LayoutInput);

/** The rules a template or content write is validated against, for the operations' descriptions. */
export const TEMPLATE_RULES =
  "Validation reports every error at once; codes beyond the shape ones: duplicate (node or preset id reused, second preheader section), " +
  "unknown_preset (stylePresetID names no preset), missing_preset (a required preset is absent from a given list), product_blocks_only, " +
  "too_many_product_blocks (over 12 in recommender, cart recovery and back-in-stock sections), read_only (badge section, html block type, html field), role rules (not_allowed, required, duplicate: a discount block needs exactly one discount_code component; menu items are menu_text; product parts are product_*), " +
  "required (productRecommender, settings.universalLayoutID, settings.dynamicList for their section types), not_allowed, unknown_layout, " +
  "invalid_colour, out_of_range (content width 300-2000px, font sizes 3-100px). " +
  "A document read back can be written back as is, except that a free-plan brand's read-only badge section (id ba09e0000000000000000001) must be left out; the read-only id, createdAt and updatedAt are ignored.";
