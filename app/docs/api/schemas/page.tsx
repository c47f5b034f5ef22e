// The API reference's index of named schemas: the shapes requests and responses share.
import type { Metadata } from "next";
import Link from "next/link";
import { ApiToc } from "@/components/docs/api-toc";
import { Markdown } from "@/components/docs/markdown";
import { groupOperations, namedSchemas, schemaHref } from "@/lib/docs/openapi-view";
import { openApiDocument } from "@/lib/openapi/document";
import { DOCUMENTED_ROUTES } from "@/app/api-routes";

export const metadata: Metadata = { title: "Schemas · API reference" };

export default function ApiSchemasPage() {
  const doc = openApiDocument(DOCUMENTED_ROUTES) as Record<string, any>;
  const schemas = namedSchemas(doc).sort((a, b) => a.name.localeCompare(b.name));
  return (
    <div className="docs-grid">
      <ApiToc groups={groupOperations(doc)} current="schemas" />
      <div className="docs-content stack-lg">
        <section aria-labelledby="schemas-title" className="stack">
          <h1 id="schemas-title" className="page-title">
            Schemas
          </h1>
          <p className="muted">The shapes that requests and responses share ({schemas.length}), each with its fields.</p>
          <ul className="operation-index">
            {schemas.map((s) => (
              <li key={s.id}>
                <Link href={schemaHref(s.name)}>
                  <code>{s.name}</code>
                </Link>
                {s.description && (
                  <span className="muted small">
                    {" "}
                    <Markdown text={s.description} />
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
