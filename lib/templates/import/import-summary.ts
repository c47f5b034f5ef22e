// What an HTML import did: returned as `importSummary` beside the created template (an Inkwell extra;
// the published Template allows more members).
import { z } from "zod";
import { TemplateSchema } from "@/lib/templates/schema/template";

const Count = z.number().int().min(1);

export const ImportSummarySchema = z
  .object({
    into: z.enum(["html", "blocks"]).meta({ description: "What the import made: one HTML code block (html) or editable blocks (blocks)" }),
    sections: z.number().int().meta({ description: "Sections made" }),
    blocks: z.record(z.string(), z.number().int()).meta({ description: "Blocks made, by type (text, image, button, lineSpace, htmlCode)" }),
    keptAsHtml: z
      .array(
        z.object({
          pointer: z.string(),
          blockId: z.string(),
          reason: z.string().meta({ description: 'Why it could not become blocks, e.g. "a data table"' }),
        }),
      )
      .meta({ description: "Parts kept whole in HTML code blocks (never dropped)" }),
    stylesKept: z.boolean().meta({ description: "Whether <style> tags were kept (in the HTML code block of the first section)" }),
    mergeTags: z.object({
      converted: z
        .array(z.object({ from: z.string(), to: z.string(), count: Count }))
        .meta({ description: "Merge tags of other tools written as Inkwell's (into=blocks)" }),
      convertible: z
        .array(z.object({ from: z.string(), to: z.string(), count: Count }))
        .meta({ description: "Merge tags of other tools Inkwell knows, left as written because the HTML was kept as it is (into=html)" }),
      unknown: z.array(z.object({ tag: z.string(), count: Count })).meta({ description: "Merge tags not recognised, left as written" }),
    }),
  })
  .meta({ id: "ImportSummary" });
export type ImportSummary = z.infer<typeof ImportSummarySchema>;

export const ImportedTemplateSchema = TemplateSchema.extend({ importSummary: ImportSummarySchema }).meta({ id: "ImportedTemplate" });
