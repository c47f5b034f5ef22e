// The starters: valid templates in the published model, each with a thumbnail rendered from its current
// design (run `npm run starters:thumbnails` after changing one), none carrying a developer's word.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TemplateInput } from "@/lib/templates/schema";
import { checkTemplateRules } from "@/lib/templates/validate-template";
import { starterDocument, starterHash } from "@/scripts/starters/starter-hash";
import manifest from "./starter-thumbnails.json";
import { STARTERS, starterThumbnail } from "./starters";

const root = path.resolve(import.meta.dirname, "../..");

describe("starters", () => {
  it("offer at least the eight designed emails the gallery promises, and a blank one", () => {
    expect(STARTERS.map((s) => s.id)).toEqual(
      expect.arrayContaining([
        "blank",
        "welcome",
        "newsletter",
        "promotion",
        "abandoned-cart",
        "back-in-stock",
        "order-confirmation",
        "product-launch",
        "re-engagement",
      ]),
    );
  });

  it("build templates the API accepts", () => {
    for (const starter of STARTERS) {
      const doc = starterDocument(starter);
      const parsed = TemplateInput.safeParse(doc);
      expect(parsed.success, `${starter.id}: ${JSON.stringify(parsed.error?.issues.slice(0, 3))}`).toBe(true);
      expect(checkTemplateRules(doc).errors, starter.id).toEqual([]);
    }
  });

  it("every designed one ends with a footer holding the unsubscribe link, the brand and its address", () => {
    for (const starter of STARTERS.filter((s) => s.id !== "blank")) {
      const json = JSON.stringify(starterDocument(starter).sections.at(-1));
      for (const tag of ["[[message.unsubscribe_url]]", "[[brand.name]]", "[[brand.postal_address]]"])
        expect(json, `${starter.id} ${tag}`).toContain(tag);
    }
  });

  it("have thumbnails rendered from their current design", () => {
    for (const starter of STARTERS) {
      expect((manifest as Record<string, string>)[starter.id], `${starter.id}: run npm run starters:thumbnails`).toBe(starterHash(starter));
      expect(fs.existsSync(path.join(root, "public", starterThumbnail(starter.id))), starter.id).toBe(true);
    }
  });
});
