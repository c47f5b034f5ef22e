// One API operation: method, path, who may call it, parameters, request body and responses.
import { Markdown } from "@/components/docs/markdown";
import type { OperationView } from "@/lib/docs/openapi-view";
import { SchemaTable, TypeLabel } from "./schema-table";
import "./docs.css";

type Json = Record<string, any>;

export function Operation({ op, doc }: { op: OperationView; doc: Json }) {
  return (
    <section id={op.id} aria-labelledby={`${op.id}-title`} className="card operation stack">
      <h3 id={`${op.id}-title`} className="operation-title">
        <span className={`method method-${op.method.toLowerCase()}`}>{op.method}</span> <code className="operation-path">{op.path}</code>
        {op.deprecated && <span className="badge badge-warning">deprecated</span>}
      </h3>
      {op.summary && <p className="operation-summary">{op.summary}</p>}
      {op.description && (
        <p className="muted">
          <Markdown text={op.description} />
        </p>
      )}
      <p className="operation-access">
        <strong>Credentials:</strong> {op.access.join(" · ")}
      </p>

      {op.parameters.length > 0 && (
        <div>
          <h4 className="subsection-title">Parameters</h4>
          <div className="table-wrap">
            <table className="table table-compact table-stack">
              <caption className="visually-hidden">
                Parameters of {op.method} {op.path}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">In</th>
                  <th scope="col">Type</th>
                  <th scope="col">Description</th>
                </tr>
              </thead>
              <tbody>
                {op.parameters.map((p) => (
                  <tr key={`${p.in}-${p.name}`}>
                    <th scope="row">
                      <code>{p.name}</code>
                      {p.required && <span className="badge badge-warning badge-xs">required</span>}
                    </th>
                    <td data-label="In">{p.in}</td>
                    <td data-label="Type">
                      <TypeLabel type={p.type} doc={doc} />
                    </td>
                    <td data-label="Description">
                      <div className="schema-description">
                        <Markdown text={p.description} />
                        {p.constraints.length > 0 && <span className="schema-constraints"> {p.constraints.join(" · ")}</span>}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}

      {op.requestBody && (
        <div>
          <h4 className="subsection-title">
            Request body <span className="muted">({op.requestBody.contentType})</span>
          </h4>
          <SchemaTable doc={doc} schema={op.requestBody.schema} caption={`Request body of ${op.method} ${op.path}`} />
        </div>
      )}

      <div>
        <h4 className="subsection-title">Responses</h4>
        <ul className="responses">
          {op.responses.map((r) => (
            <li key={r.status} className="response">
              <span className={`status status-${r.status[0]}xx`}>{r.status}</span> <Markdown text={r.description} />
              {r.schema && r.status.startsWith("2") ? (
                <details className="response-details">
                  {/* A summary holds no link (axe: nested-interactive); the schema's link comes first inside. */}
                  <summary>
                    Body <code className="type-label">{refOrType(r.schema)}</code>
                  </summary>
                  <p className="small">
                    Schema <TypeLabel type={refOrType(r.schema)} doc={doc} />
                  </p>
                  <SchemaTable doc={doc} schema={r.schema} caption={`Response ${r.status} of ${op.method} ${op.path}`} />
                </details>
              ) : (
                r.schema && (
                  <>
                    {" "}
                    <TypeLabel type={refOrType(r.schema)} doc={doc} />
                  </>
                )
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function refOrType(schema: Json): string {
  return schema.$ref ? String(schema.$ref).split("/").pop()! : (schema.type ?? "object");
}
