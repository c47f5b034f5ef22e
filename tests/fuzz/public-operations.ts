// The public endpoints of signup forms (issue 40), which the OpenAPI document does not describe (they are
// not the API): fuzzed like its operations, on the fuzzer's own forms (ids from /api/forms), with no
// credential. They belong to no tenant, so any brand's form may answer 2xx (`public`); everything else the
// oracle asks holds: never a 5xx, never slow.
import type { Operation } from "./operations";
import type { JsonSchema } from "./schema-arbitrary";

const formID = { name: "formID", in: "path" as const, required: true, schema: { type: "string", pattern: "^[0-9a-f]{24}$" } };
const submission: JsonSchema = {
  type: "object",
  properties: {
    email: { type: "string", format: "email" },
    firstName: { type: "string", maxLength: 50 },
    lastName: { type: "string", maxLength: 50 },
    birthdate: { type: "string", format: "date" },
    topicIDs: { type: "array", items: { type: "string" }, maxItems: 20 },
    acceptTypo: { type: "string", enum: ["1", "true", "0"] },
    altcha: { type: "string" },
    company_website: { type: "string" },
  },
  required: ["email"],
};

const op = (method: Operation["method"], path: string, extra: Partial<Operation> = {}): Operation => ({
  id: `public ${method.toUpperCase()} ${path}${extra.body ? ` (${extra.body.contentType})` : ""}`,
  method,
  path,
  parameters: path.includes("{formID}") ? [formID] : [{ name: "token", in: "path", required: true, schema: { type: "string" } }],
  credentials: ["none"],
  statuses: ["200", "400", "404", "413", "415", "422", "429"],
  errorFormat: "any",
  collection: path.startsWith("/f/{formID}") ? "/f" : null,
  public: true,
  ...extra,
});

export const PUBLIC_OPERATIONS: Operation[] = [
  op("get", "/f/{formID}"),
  // the JSON POST answers its refusals as problems (lib/http/problems); the urlencoded one with the page
  op("post", "/f/{formID}", { body: { contentType: "application/json", schema: submission, required: true }, errorFormat: "problem" }),
  op("post", "/f/{formID}", { body: { contentType: "application/x-www-form-urlencoded", schema: submission, required: true } }),
  op("get", "/f/{formID}/embed.js"),
  op("get", "/f/{formID}/challenge"),
  op("get", "/f/confirm/{token}"),
  op("post", "/f/confirm/{token}"),
];
