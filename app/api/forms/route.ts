// GET /api/forms, POST /api/forms: the brand's signup forms (docs/forms.md).
import { route } from "@/lib/api/route";
import { FormInput, FormList, FormSchema, ListFormsQuery } from "@/lib/forms/schemas";
import { createForm, listForms } from "@/lib/forms/store";
import { methods } from "@/lib/http/route";
import { created, ok } from "@/lib/http/responses";
import { jsonContent, unprocessable } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "forms.read",
      query: ListFormsQuery,
      summary: "List the brand's signup forms, newest first, with their figures",
      tags: ["Forms"],
      responses: { "200": jsonContent(FormList, "A page of forms") },
    },
    async ({ brandId, query }) => ok(await listForms(brandId, query)),
  ),
  POST: route(
    {
      scope: "forms.write",
      body: FormInput,
      summary: "Create a signup form",
      description: "Its publicURL is the hosted page; embedSnippet is the HTML to paste on a website.",
      tags: ["Forms"],
      responses: { "201": jsonContent(FormSchema, "The form"), ...unprocessable("sender.email is not a verified sender of the brand") },
    },
    async ({ brandId, body }) => created(await createForm(brandId, body)),
  ),
});
