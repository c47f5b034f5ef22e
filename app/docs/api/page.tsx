// The API reference's front page: what the API is, how to authenticate, and an index of every operation.
// Each tag's operations have a page of their own (./[section]) and each named schema too (./schemas): on
// one page the reference had grown to 6 MB of HTML.
import { Markdown } from "@/components/docs/markdown";
import type { Metadata } from "next";
import Link from "next/link";
import { ApiToc } from "@/components/docs/api-toc";
import { MovedAnchor } from "@/components/docs/moved-anchor";
import { groupOperations, movedAnchors, operationHref, sectionHref } from "@/lib/docs/openapi-view";
import { openApiDocument } from "@/lib/openapi/document";
import { DOCUMENTED_ROUTES } from "@/app/api-routes";

export const metadata: Metadata = { title: "API reference" };

export default function ApiReferencePage() {
  const doc = openApiDocument(DOCUMENTED_ROUTES) as Record<string, any>;
  const groups = groupOperations(doc);
  return (
    <div className="docs-grid">
      <MovedAnchor moved={movedAnchors(doc)} />
      <ApiToc groups={groups} />
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
              <Link href={sectionHref(g)}>{g.tag}</Link>
            </h2>
            {g.description && (
              <p className="muted">
                <Markdown text={g.description} />
              </p>
            )}
            <ul className="operation-index">
              {g.operations.map((op) => (
                <li key={op.id}>
                  <a href={operationHref(g, op)}>
                    <span className={`method method-xs method-${op.method.toLowerCase()}`}>{op.method}</span> <code>{op.path}</code>
                  </a>
                  {op.summary && <span className="muted small"> {op.summary}</span>}
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section id="schemas" aria-labelledby="schemas-title" className="stack">
          <h2 id="schemas-title" className="section-title">
            <Link href="/docs/api/schemas">Schemas</Link>
          </h2>
          <p className="muted">The shapes that requests and responses share, each with its fields.</p>
        </section>
      </div>
    </div>
  );
}
