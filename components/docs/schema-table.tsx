// A JSON Schema shown as a table of fields, nested fields indented under their parent.
import { Markdown } from "@/components/docs/markdown";
import { schemaHref, schemaRows, typeOf } from "@/lib/docs/openapi-view";
import "./docs.css";

type Json = Record<string, any>;

export function SchemaTable({ doc, schema, caption }: { doc: Json; schema: Json; caption: string }) {
  const rows = schemaRows(doc, schema);
  if (rows.length === 0) {
    const type = typeOf(doc, schema);
    return (
      <p className="muted">
        Body: <TypeLabel type={type} doc={doc} />
      </p>
    );
  }
  return (
    <div className="table-wrap">
      <table className="table table-compact table-stack schema-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Type</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={`${row.depth}-${row.name}-${i}`}>
              <th scope="row" className="schema-field" style={{ ["--depth" as string]: row.depth }}>
                {row.depth > 0 && (
                  <span aria-hidden="true" className="schema-nest">
                    ↳{" "}
                  </span>
                )}
                <code>{row.name}</code>
                {row.required && <span className="badge badge-warning badge-xs">required</span>}
              </th>
              <td data-label="Type">
                <TypeLabel type={row.type} doc={doc} />
              </td>
              <td data-label="Description">
                <div className="schema-description">
                  <Markdown text={row.description} />
                  {row.constraints.length > 0 && <span className="schema-constraints"> {row.constraints.join(" · ")}</span>}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A type label; names of shared schemas link to their page of the reference. */
export function TypeLabel({ type, doc }: { type: string; doc: Json }) {
  const names = Object.keys(doc.components?.schemas ?? {});
  const base = type.replace(/\[\]$/, "");
  if (names.includes(base)) {
    return (
      <a href={schemaHref(base)}>
        <code className="type-label">{type}</code>
      </a>
    );
  }
  return <code className="type-label">{type}</code>;
}
