// One named schema of the API reference, its fields as a table.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ApiToc } from "@/components/docs/api-toc";
import { Markdown } from "@/components/docs/markdown";
import { SchemaTable } from "@/components/docs/schema-table";
import { findSchema, groupOperations } from "@/lib/docs/openapi-view";
import { openApiDocument } from "@/lib/openapi/document";
import { DOCUMENTED_ROUTES } from "@/app/api-routes";

type Props = { params: Promise<{ name: string }> };

const reference = () => openApiDocument(DOCUMENTED_ROUTES) as Record<string, any>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const schema = findSchema(reference(), (await params).name);
  return { title: schema ? `${schema.name} · API reference` : "API reference" };
}

export default async function ApiSchemaPage({ params }: Props) {
  const doc = reference();
  const schema = findSchema(doc, (await params).name);
  if (!schema) notFound();
  return (
    <div className="docs-grid">
      <ApiToc groups={groupOperations(doc)} current="schemas" />
      <div className="docs-content stack-lg">
        <section id={schema.id} aria-labelledby="schema-title" className="stack">
          <h1 id="schema-title" className="page-title">
            <code>{schema.name}</code>
          </h1>
          {schema.description && (
            <p className="muted">
              <Markdown text={schema.description} />
            </p>
          )}
          <SchemaTable doc={doc} schema={schema.schema} caption={`Fields of ${schema.name}`} />
        </section>
      </div>
    </div>
  );
}
