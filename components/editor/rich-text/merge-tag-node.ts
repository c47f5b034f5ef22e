// The merge tag as an atomic inline node of the rich-text editor: shown as a chip, moved and deleted as
// one piece, written back into the HTML as the plain tag text the renderer reads.
import { mergeAttributes, Node, nodeInputRule, nodePasteRule } from "@tiptap/core";
import { mergeTagText } from "@/lib/templates/merge-tags";
import { chipText } from "./merge-tag-dom";

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    mergeTag: { insertMergeTag: (path: string, fallback?: string) => ReturnType };
  }
}

// A whole tag just typed or pasted as text: [[path]] or [[path | fallback]].
const TYPED = /\[\[\s*([A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*)\s*(?:\|\s*([^\]]*?)\s*)?\]\]$/;
const PASTED = /\[\[\s*([A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*)\s*(?:\|\s*([^\]]*?)\s*)?\]\]/g;
const attrsOf = (match: RegExpMatchArray) => ({ path: match[1], fallback: match[2] || null });

export const MergeTagNode = Node.create({
  name: "mergeTag",
  group: "inline",
  inline: true,
  atom: true,
  selectable: true,
  draggable: false,

  addAttributes() {
    return {
      path: { default: "" },
      fallback: { default: null },
    };
  },

  parseHTML() {
    return [
      {
        tag: "span[data-merge-tag]",
        getAttrs: (el) => ({ path: (el as HTMLElement).dataset.mergeTag ?? "", fallback: (el as HTMLElement).dataset.fallback ?? null }),
      },
    ];
  },

  // An element, never a bare string: ProseMirror draws nodes with it whenever the node view is not in
  // place (@tiptap/react clears nodeViews while EditorContent unmounts, and a text node there throws
  // "hasAttribute is not a function"). The saved HTML turns these spans back into tag text
  // (htmlWithTagText in rich-text-editor.tsx); pasting them back parses them as tags (parseHTML).
  renderHTML({ node }) {
    const attrs: Record<string, string> = { "data-merge-tag": node.attrs.path, class: "ed-tag-chip", contenteditable: "false" };
    if (node.attrs.fallback) attrs["data-fallback"] = node.attrs.fallback;
    return ["span", attrs, chipText(node.attrs.path, node.attrs.fallback ?? undefined)];
  },

  renderText({ node }) {
    return mergeTagText(node.attrs.path, node.attrs.fallback ?? undefined);
  },

  addNodeView() {
    return ({ node, HTMLAttributes }) => {
      const dom = document.createElement("span");
      for (const [k, v] of Object.entries(mergeAttributes(HTMLAttributes))) if (typeof v === "string") dom.setAttribute(k, v);
      dom.className = "ed-tag-chip";
      dom.contentEditable = "false";
      dom.dataset.mergeTag = node.attrs.path;
      dom.title = mergeTagText(node.attrs.path, node.attrs.fallback ?? undefined);
      dom.textContent = chipText(node.attrs.path, node.attrs.fallback ?? undefined);
      return { dom };
    };
  },

  addCommands() {
    return {
      insertMergeTag:
        (path, fallback) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { path, fallback: fallback?.trim() || null } }),
    };
  },

  addInputRules() {
    return [nodeInputRule({ find: TYPED, type: this.type, getAttributes: attrsOf })];
  },

  addPasteRules() {
    return [nodePasteRule({ find: PASTED, type: this.type, getAttributes: attrsOf })];
  },
});
