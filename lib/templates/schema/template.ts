// The whole template document as written by clients and as read back.
import { z } from "zod";
import { GeneralSettings } from "./general-settings";
import { Section, SectionRead } from "./sections";

export const TemplateName = z.string().trim().min(1).max(255).meta({ description: "Template name, 1-255 characters" });

export const TemplateInput = z
  .strictObject({
    name: TemplateName,
    generalSettings: GeneralSettings.optional(),
    sections: z.array(Section).max(200).default([]),
  })
  .meta({ id: "TemplateInput", description: "A template document: create and full replace" });
export type TemplateInput = z.infer<typeof TemplateInput>;
export type TemplateDocument = Pick<TemplateInput, "generalSettings" | "sections">;

export const TemplateSchema = z
  .object({
    id: z.string().meta({ description: "24-hex template id" }),
    name: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    generalSettings: GeneralSettings,
    sections: z.array(SectionRead).meta({ description: "Universal layout sections come with their layout's rows resolved; free-plan brands get a trailing read-only badge section" }),
  })
  .meta({ id: "Template" });
export type Template = z.infer<typeof TemplateSchema>;

export const TemplateSummary = z
  .object({ id: z.string(), name: z.string(), createdAt: z.iso.datetime(), updatedAt: z.iso.datetime() })
  .meta({ id: "TemplateSummary" });

export const ImportInput = z
  .strictObject({
    name: TemplateName,
    html: z.string().min(1).meta({ description: "Raw HTML; <style> tags in <head> become the htmlCode block's style, the <body> content its body; without <body> the whole HTML is used" }),
  })
  .meta({ id: "TemplateImport" });
