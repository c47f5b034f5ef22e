import { Markdown } from "@/components/docs/markdown";
import type { Metadata } from "next";
import { Operation } from "@/components/docs/operation";
import { SchemaTable } from "@/components/docs/schema-table";
import { groupOperations, namedSchemas } from "@/lib/docs/openapi-view";
import { openApiDocument } from "@/lib/openapi/document";
import { DOCUMENTED_ROUTES } from "@/app/api-routes";

export const metadata: Metadata = { title: "API reference" };

export default function ApiReferencePage() {
  const doc = openApiDocument(DOCUMENTED_ROUTES) as Record<string, any>;
  const groups = groupOperations(doc);
  const schemas = namedSchemas(doc);
  return (
    <div className="docs-grid">
      <nav aria-label="On this page" className="docs-toc">
        <h2 className="toc-title">On this page</h2>
        <ul>
          <li>
            <a href="#overview">Overview</a>
          </li>
          {groups.map((g) => (
            <li key={g.id}>
              <a href={`#${g.id}`}>{g.tag}</a>
              <ul>
                {g.operations.map((op) => (
                  <li key={op.id}>
                    <a href={`#${op.id}`}>
                      <span className={`method method-xs method-${op.method.toLowerCase()}`}>{op.method}</span> {op.path}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
          {schemas.length > 0 && (
            <li>
              <a href="#schemas">Schemas</a>
            </li>
          )}
        </ul>
      </nav>
      <div className="docs-content stack-lg">
        <section id="overview" className="stack">
          <h1 className="page-title">{doc.info?.title ?? "API reference"}</h1>
          <p>
            <Markdown text={doc.info?.description} />
          </p>
          <dl className="meta-list">
            <div>
              <dt>Version</dt>
              <dd>
                <code>Service-Version: {doc.info?.version}</code>
              </dd>
            </div>
            <div>
              <dt>Machine-readable</dt>
              <dd>
                <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI {doc.openapi})
              </dd>
            </div>
          </dl>
          <h2 className="section-title">Authentication</h2>
          <ul className="link-list">
            {Object.entries<Record<string, any>>(doc.components?.securitySchemes ?? {}).map(([name, scheme]) => (
              <li key={name}>
                <strong>{name}</strong>: <Markdown text={scheme.description} />
              </li>
            ))}
          </ul>
        </section>
        {groups.map((g) => (
          <section key={g.id} id={g.id} aria-labelledby={`${g.id}-title`} className="stack">
            <h2 id={`${g.id}-title`} className="section-title">
              {g.tag}
            </h2>
            {g.description && (
              <p className="muted">
                <Markdown text={g.description} />
              </p>
            )}
            {g.operations.map((op) => (
              <Operation key={op.id} op={op} doc={doc} />
            ))}
          </section>
        ))}
        {schemas.length > 0 && (
          <section id="schemas" aria-labelledby="schemas-title" className="stack">
            <h2 id="schemas-title" className="section-title">
              Schemas
            </h2>
            {schemas.map((s) => (
              <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="card stack">
                <h3 id={`${s.id}-title`} className="operation-title">
                  <code>{s.name}</code>
                </h3>
                {s.description && (
                  <p className="muted">
                    <Markdown text={s.description} />
                  </p>
                )}
                <SchemaTable doc={doc} schema={s.schema} caption={`Fields of ${s.name}`} />
              </section>
            ))}
          </section>
        )}
      </div>
    </div>
  );
}
