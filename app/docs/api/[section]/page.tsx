// One section of the API reference: a tag's operations with their parameters, bodies and responses.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ApiToc } from "@/components/docs/api-toc";
import { Markdown } from "@/components/docs/markdown";
import { Operation } from "@/components/docs/operation";
import { findSection, groupOperations } from "@/lib/docs/openapi-view";
import { openApiDocument } from "@/lib/openapi/document";
import { DOCUMENTED_ROUTES } from "@/app/api-routes";

type Props = { params: Promise<{ section: string }> };

const reference = () => openApiDocument(DOCUMENTED_ROUTES) as Record<string, any>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const section = findSection(reference(), (await params).section);
  return { title: section ? `${section.tag} · API reference` : "API reference" };
}

export default async function ApiSectionPage({ params }: Props) {
  const doc = reference();
  const section = findSection(doc, (await params).section);
  if (!section) notFound();
  return (
    <div className="docs-grid">
      <ApiToc groups={groupOperations(doc)} current={section.slug} />
      <div className="docs-content stack-lg">
        <section aria-labelledby="section-title" className="stack">
          <h1 id="section-title" className="page-title">
            {section.tag}
          </h1>
          {section.description && (
            <p className="muted">
              <Markdown text={section.description} />
            </p>
          )}
          {section.operations.map((op) => (
            <Operation key={op.id} op={op} doc={doc} />
          ))}
        </section>
      </div>
    </div>
  );
}
