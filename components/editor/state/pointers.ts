// The API names an invalid spot with a JSON Pointer (/sections/0/rows/1/columns/0/blocks/2/text); the
// editor shows the message on the node it lands in. The pointer is resolved against the document that
// was sent, so later edits that shift indices do not move the message to the wrong node. The message is
// the catalog's sentence for the field as the panel labels it (components/ui/messages.ts), never the API's.
import { fieldMessage } from "@/components/ui/messages";
import { fieldWords } from "../panels/field-labels";
import { kindOfPath, type EditorDocument } from "./document";
import { nodeLabel } from "./factories";
import { nodeAt } from "./tree";

export type FieldError = { field: string; pointer: string; code: string; message: string };

export type NodeError = {
  /** The node the pointer lands in; null for template-level errors (name, general settings). */
  nodeId: string | null;
  /** The rest of the pointer within that node, e.g. "text" or "components/1/link". */
  field: string;
  /** The panel's label of that field ("Image"), else the node's ("Image block") or "Email". */
  label: string;
  /** For people: "Enter a web address starting with https://, or choose an image from your library." */
  message: string;
  code: string;
  pointer: string;
};

const LEVELS = ["sections", "rows", "columns", "blocks"] as const;

function unescape(token: string): string {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

export function resolvePointer(doc: EditorDocument, error: FieldError): NodeError {
  const tokens = error.pointer.split("/").slice(1).map(unescape);
  const path: number[] = [];
  let i = 0;
  while (i < tokens.length && tokens[i] === LEVELS[path.length] && /^\d+$/.test(tokens[i + 1] ?? "")) {
    const candidate = [...path, Number(tokens[i + 1])];
    if (!nodeAt(doc, candidate)) break;
    path.push(Number(tokens[i + 1]));
    i += 2;
  }
  const node = path.length > 0 ? nodeAt(doc, path) : undefined;
  const kind = node ? kindOfPath(path) : null;
  const field = tokens.slice(node ? i : 0).join("/");
  const words = fieldWords(kind, node, field);
  const label = words?.label ?? (node && kind ? nodeLabel(kind, node) : "Email");
  const message = fieldMessage(error, { noun: label.toLowerCase(), input: words?.input });
  return { nodeId: node?.id ?? null, field, label, message, code: error.code, pointer: error.pointer };
}

/** Errors grouped by node id ("" for template-level ones). */
export function errorsByNode(doc: EditorDocument, errors: FieldError[]): Map<string, NodeError[]> {
  const map = new Map<string, NodeError[]>();
  for (const error of errors) {
    const resolved = resolvePointer(doc, error);
    const key = resolved.nodeId ?? "";
    map.set(key, [...(map.get(key) ?? []), resolved]);
  }
  return map;
}
