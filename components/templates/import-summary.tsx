"use client";
// What an HTML import made: the HTML as it was in one HTML code block, or editable sections and blocks
// with the parts kept as HTML (and why); the merge tags turned into Inkwell's, those of other tools left as
// written, and those it did not recognise.
import { mergeTagByPath } from "@/lib/templates/merge-tags";
import type { ImportedTemplate } from "./import-html";

const BLOCK_NAMES: Record<string, string> = { text: "text", image: "image", button: "button", lineSpace: "line", htmlCode: "HTML code" };

const tagName = (ours: string) => {
  const path = /^\[\[\s*([^\]|]+?)\s*(?:\|[^\]]*)?\]\]$/.exec(ours)?.[1] ?? ours;
  return mergeTagByPath(path)?.label ?? ours;
};

export function ImportSummaryView({ template, onOpen }: { template: ImportedTemplate; onOpen: () => void }) {
  const summary = template.importSummary;
  const editable = summary
    ? Object.entries(summary.blocks)
        .filter(([type]) => type !== "htmlCode")
        .reduce((n, [, count]) => n + count, 0)
    : 0;
  const asIs = summary?.into === "html";
  return (
    <div className="stack" data-testid="import-summary">
      <p className="alert alert-success" role="status">
        Imported “{template.name}”
        {asIs
          ? ": your HTML as it was, in one HTML code block"
          : summary
            ? `: ${summary.sections} section${summary.sections === 1 ? "" : "s"} with ${editable} block${editable === 1 ? "" : "s"} you can edit`
            : ""}
        .
      </p>
      {summary && (
        <>
          {asIs && summary.stylesKept && <p className="muted">The styles of its head are kept with it.</p>}
          {editable > 0 && (
            <p className="muted">
              {Object.entries(summary.blocks)
                .filter(([type]) => type !== "htmlCode")
                .map(([type, count]) => `${count} ${BLOCK_NAMES[type] ?? type}${count === 1 ? "" : "s"}`)
                .join(", ")}
              {summary.stylesKept ? ". The HTML’s styles are kept in an HTML code block at the top." : "."}
            </p>
          )}
          {summary.keptAsHtml.length > 0 && (
            <div>
              <h3 className="subsection-title">Kept as HTML code</h3>
              <p className="muted">These parts could not become blocks, so they are kept exactly as they were:</p>
              <ul>
                {summary.keptAsHtml.map((k) => (
                  <li key={k.blockId}>{k.reason}</li>
                ))}
              </ul>
            </div>
          )}
          {summary.mergeTags.converted.length > 0 && (
            <div>
              <h3 className="subsection-title">Merge tags converted</h3>
              <ul>
                {summary.mergeTags.converted.map((t) => (
                  <li key={t.from}>
                    <code>{t.from}</code> → {tagName(t.to)}
                    {t.count > 1 ? ` (${t.count} times)` : ""}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {summary.mergeTags.convertible.length > 0 && (
            <div className="alert alert-info" role="note">
              <p>
                <strong>Merge tags of other tools, left as written:</strong>{" "}
                {summary.mergeTags.convertible.map((t, i) => (
                  <span key={t.from}>
                    {i > 0 ? ", " : ""}
                    <code>{t.from}</code> ({tagName(t.to)})
                  </span>
                ))}
              </p>
              <p>
                Replace them with Inkwell’s merge tags in the HTML code block, or import again and turn the HTML into editable blocks to
                convert them.
              </p>
            </div>
          )}
          {summary.mergeTags.unknown.length > 0 && (
            <div className="alert alert-warning" role="note">
              <p>
                <strong>Not recognised, left as text:</strong> {summary.mergeTags.unknown.map((t) => t.tag).join(", ")}
              </p>
              <p>Replace them with merge tags in the editor, or they will reach your readers as written.</p>
            </div>
          )}
        </>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-primary" onClick={onOpen}>
          Open in editor
        </button>
      </div>
    </div>
  );
}
