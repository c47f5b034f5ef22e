import type { Metadata } from "next";
import Link from "next/link";
import { PROBLEMS } from "@/lib/http/problems";
import { LocalDate } from "@/components/ui/local-date";
import { sunsetAt } from "@/lib/v4/lifecycle";

export const metadata: Metadata = { title: "Documentation" };

export default function DocsIndex() {
  return (
    <div className="stack-lg">
      <div className="page-header">
        <h1 className="page-title">Inkwell documentation</h1>
        <p className="muted">Build on Inkwell: send events and contacts, manage email templates, and connect apps with OAuth 2.0.</p>
      </div>
      <ul className="card-grid">
        <li>
          <Link href="/docs/api" className="card card-link">
            <h2 className="card-title">API reference</h2>
            <p className="muted">Every endpoint with its parameters, request body, responses and required scopes.</p>
          </Link>
        </li>
        <li>
          <Link href="/docs/v4-migration" className="card card-link">
            <h2 className="card-title">Migrating from v4</h2>
            <p className="muted">
              The deprecated v4 API stops working on <LocalDate value={sunsetAt()} withTime />: what maps to what, and how to keep your
              event automations working.
            </p>
          </Link>
        </li>
        <li>
          <a href="/api/openapi.json" className="card card-link">
            <h2 className="card-title">OpenAPI document</h2>
            <p className="muted">The machine-readable description (OpenAPI 3.1) for code generators and API tools.</p>
          </a>
        </li>
      </ul>
      <section aria-labelledby="problems-title" className="stack">
        <h2 id="problems-title" className="section-title">
          Problem types
        </h2>
        <p className="muted">
          Errors are <a href="https://www.rfc-editor.org/rfc/rfc9457">RFC 9457</a> problem details; their <code>type</code> links to one of
          these pages.
        </p>
        <ul className="link-list">
          {Object.entries(PROBLEMS).map(([code, p]) => (
            <li key={code}>
              <Link href={`/docs/problems/${code}`}>
                <code>{code}</code>
              </Link>{" "}
              <span className="muted">
                {p.status} {p.title}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
