"use client";
// Inline rich-text editing of a text block with Tiptap (loaded only when a block is opened). Each change
// is an `update` action coalesced per block, so a typing session is one undo step in the editor's history;
// inside the text, Ctrl/Cmd+Z is Tiptap's own undo.
import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useId, useRef, useState } from "react";
import { CONTACT_FIELDS, personalizationTag } from "./personalization";

type Props = { html: string; onChange: (html: string) => void; onDone: () => void };

export default function RichTextEditor({ html, onChange, onDone }: Props) {
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true }, heading: { levels: [1, 2, 3] } })],
    content: html,
    immediatelyRender: false,
    autofocus: "end",
    editorProps: {
      attributes: { class: "ed-b-text ed-rte", "aria-label": "Text block content", role: "textbox", "aria-multiline": "true" },
      handleKeyDown: (_view, event) => {
        if (event.key === "Escape") {
          onDone();
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor }) => onChangeRef.current(editor.getHTML()),
  });
  return (
    <div
      className="ed-rte-wrap"
      onPointerDown={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onDone();
      }}
    >
      {editor && <MenuBar editor={editor} onDone={onDone} />}
      <EditorContent editor={editor} />
    </div>
  );
}

function MenuBar({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const tagId = useId();
  const [field, setField] = useState<string>("first_name");
  const [custom, setCustom] = useState("");
  const [fallback, setFallback] = useState("");
  const mark = (name: string, run: () => void, label: string, text: string) => (
    <button type="button" className="ed-tool" aria-label={label} aria-pressed={editor.isActive(name)} title={label} onMouseDown={(e) => e.preventDefault()} onClick={run}>
      {text}
    </button>
  );
  const insertTag = () => {
    const key = field === "custom" ? `custom_properties.${custom.trim().replace(/[^\w.-]/g, "_")}` : field;
    if (field === "custom" && !custom.trim()) return;
    editor.chain().focus().insertContent(personalizationTag(key, fallback)).run();
  };
  const setLink = () => {
    const previous = editor.getAttributes("link").href as string | undefined;
    const url = window.prompt("Link address (https://…, mailto:… or a [[tag]])", previous ?? "https://");
    if (url === null) return;
    if (url === "") editor.chain().focus().extendMarkRange("link").unsetLink().run();
    else editor.chain().focus().extendMarkRange("link").setLink({ href: url }).run();
  };
  return (
    <div className="ed-rte-menu" role="toolbar" aria-label="Text formatting">
      {mark("bold", () => editor.chain().focus().toggleBold().run(), "Bold", "B")}
      {mark("italic", () => editor.chain().focus().toggleItalic().run(), "Italic", "I")}
      {mark("underline", () => editor.chain().focus().toggleUnderline().run(), "Underline", "U")}
      {mark("link", setLink, "Link", "Link")}
      {mark("bulletList", () => editor.chain().focus().toggleBulletList().run(), "Bulleted list", "•")}
      <span className="ed-rte-sep" />
      <label htmlFor={tagId} className="ed-sr-only">
        Personalization field
      </label>
      <select id={tagId} className="ed-select" value={field} onChange={(e) => setField(e.target.value)}>
        {CONTACT_FIELDS.map((f) => (
          <option key={f.key} value={f.key}>
            {f.label}
          </option>
        ))}
        <option value="custom">Custom property…</option>
      </select>
      {field === "custom" && <input className="ed-input ed-input-sm" aria-label="Custom property key" placeholder="key" value={custom} onChange={(e) => setCustom(e.target.value)} />}
      <input className="ed-input ed-input-sm" aria-label="Default when empty" placeholder="default" value={fallback} onChange={(e) => setFallback(e.target.value)} />
      <button type="button" className="ed-tool ed-tool-wide" onMouseDown={(e) => e.preventDefault()} onClick={insertTag}>
        Insert tag
      </button>
      <span className="ed-rte-sep" />
      <button type="button" className="ed-tool ed-tool-wide" onClick={onDone}>
        Done
      </button>
    </div>
  );
}
