// POST /api/email-templates/import with upload progress (fetch cannot report it; XMLHttpRequest can).
import { ApiError, SERVICE_VERSION, type ApiFieldError } from "@/lib/client/api-fetch";
import type { ImportSummary } from "@/lib/templates/import/import-summary";
import type { TemplateRecord } from "./templates-api";

/** The import answer: the template and, an Inkwell extra, what the import did. */
export type ImportedTemplate = TemplateRecord & { importSummary?: ImportSummary };

/** What the import makes of the HTML: one HTML code block as written (the API's default) or editable blocks. */
export type ImportInto = "html" | "blocks";

export function importHtml(
  name: string,
  html: string,
  into: ImportInto,
  onProgress: (fraction: number) => void,
): Promise<ImportedTemplate> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/email-templates/import?into=${into}`);
    xhr.setRequestHeader("Content-Type", "application/json");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("Service-Version", SERVICE_VERSION);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      onProgress(1);
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as ImportedTemplate);
      const problem = (body ?? {}) as { detail?: string; title?: string; type?: string; errors?: ApiFieldError[] };
      reject(
        new ApiError(
          xhr.status,
          problem.detail || problem.title || `Import failed (${xhr.status})`,
          problem.errors ?? [],
          problem.type ?? null,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, "Could not reach Inkwell. Check your connection and try again."));
    xhr.send(JSON.stringify({ name, html }));
  });
}
