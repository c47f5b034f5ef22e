// GET, PATCH, DELETE /api/forms/{id}: one signup form.
import { route } from "@/lib/api/route";
import { FormPatch, FormSchema } from "@/lib/forms/schemas";
import { deleteForm, getForm, updateForm } from "@/lib/forms/store";
import { IdParams, methods } from "@/lib/http/route";
import { noContent, ok } from "@/lib/http/responses";
import { jsonContent, notFound, unprocessable } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "forms.read",
      params: IdParams,
      summary: "Read a signup form with its figures",
      tags: ["Forms"],
      responses: { "200": jsonContent(FormSchema, "The form"), ...notFound },
    },
    async ({ brandId, params }) => ok(await getForm(brandId, params.id)),
  ),
  PATCH: route(
    {
      scope: "forms.write",
      params: IdParams,
      body: FormPatch,
      summary: "Change a signup form (the members sent; texts and colours member by member)",
      tags: ["Forms"],
      responses: { "200": jsonContent(FormSchema, "The form"), ...notFound, ...unprocessable("sender.email is not a verified sender") },
    },
    async ({ brandId, params, body }) => ok(await updateForm(brandId, params.id, body)),
  ),
  DELETE: route(
    {
      scope: "forms.write",
      params: IdParams,
      summary: "Delete a signup form (its consent records stay with the contacts)",
      tags: ["Forms"],
      responses: { "204": { description: "Deleted" }, ...notFound },
    },
    async ({ brandId, params }) => {
      await deleteForm(brandId, params.id);
      return noContent();
    },
  ),
});
