// The whole template document as written by clients and as read back, and email content (the same
// document without a name: see lib/templates/content/).
import { z } from "zod";
import { GeneralSettings } from "./general-settings";
import { Section, SectionRead } from "./sections";

export const TemplateName = z.string().trim().min(1).max(255).meta({ description: "Template name, 1-255 characters" });

/** Read-only fields a client may send back (a document read, edited and written back): accepted and ignored. */
export const readOnlyEcho = {
  id: z.string().max(100).optional().meta({ description: "Read-only: ignored on write", readOnly: true }),
  createdAt: z.string().max(100).optional().meta({ description: "Read-only: ignored on write", readOnly: true }),
  updatedAt: z.string().max(100).optional().meta({ description: "Read-only: ignored on write", readOnly: true }),
};

export const TemplateInput = z
  .strictObject({
    name: TemplateName,
    generalSettings: GeneralSettings.optional(),
    sections: z.array(Section).max(200).default([]),
    ...readOnlyEcho,
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
    sections: z.array(SectionRead).meta({
      description:
        "Universal layout sections come with their layout's rows resolved; free-plan brands get a trailing read-only badge section",
    }),
  })
  .meta({ id: "Template" });
export type Template = z.infer<typeof TemplateSchema>;

export const TemplateListItem = z
  .object({ id: z.string(), name: z.string(), createdAt: z.iso.datetime(), updatedAt: z.iso.datetime() })
  .meta({ id: "TemplateListItem" });

export const ImportTemplateRequest = z
  .strictObject({
    name: TemplateName,
    html: z.string().min(1).meta({
      description:
        "Raw HTML. The <style> tags of its <head> become the style of the template's HTML code block and the <body> content its body; without a <body> tag the whole HTML is the body, as is",
    }),
  })
  .meta({ id: "ImportTemplateRequest" });

export const ImportTemplateQuery = z.object({
  into: z
    .enum(["html", "blocks"])
    .default("html")
    .meta({
      description:
        "html (default): one HTML code block holding the body as it was, the head's <style> tags as its style. " +
        "blocks: the body turned into editable sections, rows, columns and blocks where its structure allows, other tools' merge tags written as Inkwell's",
    }),
});
export type ImportTemplateQuery = z.infer<typeof ImportTemplateQuery>;

/** Email content: a stored email document's content (generalSettings and sections) without its name. */
export const ContentInput = z
  .strictObject({
    generalSettings: GeneralSettings.optional(),
    sections: z.array(Section).max(200).default([]),
    ...readOnlyEcho,
  })
  .meta({ id: "ContentInput", description: "Email content: full replace" });
export type ContentInput = z.infer<typeof ContentInput>;

export const ContentSchema = TemplateSchema.omit({ name: true }).meta({ id: "Content", description: "Email content" });
export type Content = z.infer<typeof ContentSchema>;
