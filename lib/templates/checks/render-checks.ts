// The checks one render decides: its size (Gmail clips), and product blocks that would show nothing
// (or link nowhere) for this recipient.
import type { ProductView } from "@/lib/products/product-view";
import type { RecipientData } from "@/lib/templates/render/recipient-data";
import type { RenderableTemplate } from "@/lib/templates/render/types";
import { MAX_SLOT_PRODUCT_BLOCKS, SLOT_SECTION_TYPES } from "@/lib/templates/schema/sections";
import { check, GMAIL_CLIP_BYTES, type Check } from "./check";
import { placedBlocks, type PlacedBlock } from "./walk-blocks";
import { perVersion } from "@/lib/templates/render/per-version";

const SECTION_NAMES: Record<string, string> = {
  product_recommender: "recommendations",
  product_cart_recovery: "cart recovery",
  product_back_in_stock: "back-in-stock",
};

function noUrl(product: ProductView, at: PlacedBlock): Check | null {
  return product.url.trim()
    ? null
    : check(
        "placeholder-link",
        `The product “${product.title || product.productID}” has no web address in your catalog, so its button would lead nowhere.`,
        { blockId: at.block.id, pointer: at.pointer },
      );
}

// The product blocks of a template version: the walk over every block is done once per version, not per recipient.
const cachedProductBlocks = perVersion<PlacedBlock[]>();

function productBlocks(doc: RenderableTemplate, version: string | undefined): PlacedBlock[] {
  const find = () => [...placedBlocks(doc)].filter((placed) => placed.block.type === "product");
  return version === undefined ? find() : cachedProductBlocks(version, find);
}

function productChecks(doc: RenderableTemplate, data: RecipientData, version: string | undefined): Check[] {
  const out: Check[] = [];
  const blocks = productBlocks(doc, version);
  if (blocks.length === 0) return out;
  const hidden = new Set(data.hidden);
  const slotBlocks = new Map<string, PlacedBlock[]>();
  for (const placed of blocks) {
    const { block, section } = placed;
    if (hidden.has(section.id) || hidden.has(block.id)) continue;
    if (SLOT_SECTION_TYPES.includes(section.type ?? "")) {
      const list = slotBlocks.get(section.id) ?? [];
      if (list.length < MAX_SLOT_PRODUCT_BLOCKS) list.push(placed);
      slotBlocks.set(section.id, list);
      continue;
    }
    const at = { blockId: block.id, pointer: placed.pointer };
    const productId = block.product?.productID;
    const product = data.listing[block.id];
    if (!productId) out.push(check("empty-products", "No product is picked for this product block, so it is left out of the email.", at));
    else if (!product)
      out.push(check("empty-products", `The product “${productId}” is not in your catalog, so this block is left out of the email.`, at));
    else {
      const problem = noUrl(product, placed);
      if (problem) out.push(problem);
    }
  }
  for (const [sectionId, blocks] of slotBlocks) {
    const products = data.slots[sectionId] ?? [];
    const type = blocks[0].section.type ?? "";
    blocks.forEach((placed, i) => {
      const problem = products[i] ? noUrl(products[i], placed) : null;
      if (problem) out.push(problem);
    });
    const empty = blocks.length - Math.min(products.length, blocks.length);
    if (empty > 0) {
      const first = blocks[blocks.length - empty];
      const why =
        type === "product_recommender"
          ? "your catalog has too few products matching its settings"
          : "there are not enough products for this recipient";
      out.push(
        check(
          "empty-products",
          `${empty} of ${blocks.length} product slots in the ${SECTION_NAMES[type] ?? "product"} section would be empty (${why}); empty slots are left out of the email.`,
          { blockId: first.block.id, pointer: first.pointer },
        ),
      );
    }
  }
  return out;
}

/**
 * htmlBytes: the rendered HTML's UTF-8 size (the fill counts it, so the HTML is not scanned again);
 * version: the template version (compile.ts versionKey), under which the document's product blocks are cached.
 */
export function renderChecks(doc: RenderableTemplate, data: RecipientData, htmlBytes: number, version?: string): Check[] {
  const out: Check[] = [];
  if (htmlBytes > GMAIL_CLIP_BYTES) {
    out.push(
      check(
        "html-too-large",
        `The email is ${Math.ceil(htmlBytes / 1024)} KB. Gmail clips emails over 102 KB and hides the rest, unsubscribe link included, behind “View entire message”: remove content or split it into two emails.`,
      ),
    );
  }
  // An empty data context (the published email-content render) fills no products by design.
  if (!data.emptyContext) out.push(...productChecks(doc, data, version));
  return out;
}
