// The API reference's descriptions are Markdown (`code`, **bold**, links): rendered inline by
// markdown-it with raw HTML off, so any HTML in a description is shown as text, never run.
import MarkdownIt from "markdown-it";

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

export function Markdown({ text, className }: { text: string | null | undefined; className?: string }) {
  if (!text) return null;
  return <span className={className} dangerouslySetInnerHTML={{ __html: md.renderInline(text) }} />;
}
