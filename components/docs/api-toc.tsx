// The API reference's navigation: every section (a tag's page), the current one's operations under it.
import Link from "next/link";
import { operationHref, sectionHref, type TagGroup } from "@/lib/docs/openapi-view";
import "./docs.css";

export function ApiToc({ groups, current }: { groups: TagGroup[]; current?: string }) {
  return (
    <nav aria-label="API reference" className="docs-toc">
      <h2 className="toc-title">API reference</h2>
      <ul>
        <li>
          <Link href="/docs/api" aria-current={current === undefined ? "page" : undefined}>
            Overview
          </Link>
        </li>
        {groups.map((g) => (
          <li key={g.id}>
            <Link href={sectionHref(g)} aria-current={current === g.slug ? "page" : undefined}>
              {g.tag}
            </Link>
            {current === g.slug && (
              <ul>
                {g.operations.map((op) => (
                  <li key={op.id}>
                    <a href={operationHref(g, op)}>
                      <span className={`method method-xs method-${op.method.toLowerCase()}`}>{op.method}</span> {op.path}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
        <li>
          <Link href="/docs/api/schemas" aria-current={current === "schemas" ? "page" : undefined}>
            Schemas
          </Link>
        </li>
      </ul>
    </nav>
  );
}
