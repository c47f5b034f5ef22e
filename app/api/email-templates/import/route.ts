// POST /api/email-templates/import: a template from raw HTML (the 1 MB body limit is the pipeline's);
// ?into=blocks turns it into editable blocks instead of the spec's one HTML code block.
import { jsonText } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { importTemplate } from "@/lib/templates/import-template";
import { ImportTemplateQuery, ImportTemplateRequest } from "@/lib/templates/schema/template";
import { jsonContent } from "@/lib/openapi/common";
import { ImportedTemplateSchema } from "@/lib/templates/import/import-summary";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "email-templates.write",
      body: ImportTemplateRequest,
      query: ImportTemplateQuery,
      summary: "Create a template from raw HTML (body at most 1 MB)",
      description:
        "As the import rules say, by default: the <style> tags of <head> become the style of one htmlCode block and the <body> content its body, as written " +
        "(merge tags included); HTML without a <body> tag is used as is. `into=blocks` turns the HTML into editable blocks instead, where its structure allows: " +
        "layout tables and divs become sections (content on its own background a section of its own), rows and columns; " +
        "p, h1-h6 and lists text; img an image (with the link around it); an anchor styled as a button a button; hr a line. What cannot be mapped (forms, data tables, columns inside a column, " +
        "hidden text, images without a web address) is kept whole in an htmlCode block. The <style> tags of <head> are kept in an htmlCode block of the first section and applied to the blocks. " +
        "Merge tags of other tools (`{{ first_name }}`, `*|FNAME|*`, `%FIRSTNAME%`, `*|UNSUB|*`...) become Inkwell's. `importSummary` says what was made, kept and converted. " +
        "A structure the template rules refuse (e.g. a text over 200,000 characters) is imported as one htmlCode block.",
      tags: ["Email templates"],
      responses: { "201": jsonContent(ImportedTemplateSchema, "The template, with the import's summary") },
    },
    async ({ brandId, body, query }) => jsonText(await importTemplate(brandId, body.name, body.html, query.into), 201),
  ),
});
