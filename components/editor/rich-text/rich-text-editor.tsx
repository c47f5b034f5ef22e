"use client";
// Inline rich-text editing of a text block with Tiptap (loaded only when a block is opened). Each change
// is an `update` action coalesced per block, so a typing session is one undo step in the editor's history;
// inside the text, Ctrl/Cmd+Z is Tiptap's own undo. Merge tags are atomic chips; the stored HTML keeps
// them as the [[tag]] text the renderer reads. Pasted text keeps its inline styles (colour, size, font,
// alignment, highlight) through the text-style extensions.
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { TextStyleKit } from "@tiptap/extension-text-style";
import TextAlign from "@tiptap/extension-text-align";
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { mergeTagText, type MergeTag } from "@/lib/templates/merge-tags";
import { useEditor as useEditorDoc } from "../state/store";
import { brandPalette } from "./brand-palette";
import { LinkDialog, type LinkValue } from "./link-dialog";
import { MergeTagDialog } from "./merge-tag-dialog";
import { htmlWithTagElements, htmlWithTagText } from "./merge-tag-dom";
import { MergeTagNode } from "./merge-tag-node";

type Props = { html: string; onChange: (html: string) => void; onDone: () => void };

export const FONT_SIZES = ["12px", "14px", "16px", "18px", "20px", "24px", "28px", "32px", "40px"];

export default function RichTextEditor({ html, onChange, onDone }: Props) {
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  // While a dialog of the toolbar is open, focus leaving the text does not end the editing.
  const dialogOpenRef = useRef(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        // Links open nothing while editing; a new tab only when the link dialog says so.
        link: { openOnClick: false, autolink: true, HTMLAttributes: { target: null, rel: null } },
      }),
      TextStyleKit.configure({ lineHeight: false }),
      TextAlign.configure({ types: ["heading", "paragraph"] }),
      MergeTagNode,
    ],
    content: htmlWithTagElements(html),
    immediatelyRender: false,
    autofocus: "end",
    editorProps: {
      attributes: { class: "ed-b-text ed-rte", "aria-label": "Text block content", role: "textbox", "aria-multiline": "true" },
      // Tags pasted as text inside HTML become chips too.
      transformPastedHTML: (pasted) => htmlWithTagElements(pasted),
      handleKeyDown: (_view, event) => {
        if (event.key === "Escape") {
          onDone();
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor }) => onChangeRef.current(htmlWithTagText(editor.getHTML())),
  });
  return (
    <div
      className="ed-rte-wrap"
      onPointerDown={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
      onBlur={(e) => {
        if (!dialogOpenRef.current && !e.currentTarget.contains(e.relatedTarget as Node | null)) onDone();
      }}
    >
      {editor && <MenuBar editor={editor} onDone={onDone} dialogOpenRef={dialogOpenRef} />}
      <EditorContent editor={editor} />
    </div>
  );
}

type Dialogs = "link" | "tag" | null;

function MenuBar({ editor, onDone, dialogOpenRef }: { editor: Editor; onDone: () => void; dialogOpenRef: React.RefObject<boolean> }) {
  const [dialog, setDialogState] = useState<Dialogs>(null);
  const setDialog = (next: Dialogs) => {
    dialogOpenRef.current = next !== null;
    setDialogState(next);
  };
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      block: e.isActive("heading", { level: 1 })
        ? "h1"
        : e.isActive("heading", { level: 2 })
          ? "h2"
          : e.isActive("heading", { level: 3 })
            ? "h3"
            : "p",
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      underline: e.isActive("underline"),
      link: e.isActive("link"),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      align: (["left", "center", "right", "justify"] as const).find((a) => e.isActive({ textAlign: a })) ?? "left",
      size: (e.getAttributes("textStyle").fontSize as string | undefined) ?? "",
      color: (e.getAttributes("textStyle").color as string | undefined) ?? "",
    }),
  });
  const chain = () => editor.chain().focus();
  const toggle = (label: string, pressed: boolean, run: () => void, text: React.ReactNode) => (
    <button
      type="button"
      className="ed-tool"
      aria-label={label}
      aria-pressed={pressed}
      title={label}
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
    >
      {text}
    </button>
  );
  const linkNow = (): LinkValue | null => {
    if (!editor.isActive("link")) return null;
    const attrs = editor.getAttributes("link");
    return { href: (attrs.href as string) ?? "", newTab: attrs.target === "_blank" };
  };
  const insertTag = (tag: MergeTag, fallback: string | undefined) => {
    setDialog(null);
    if (tag.kind === "url") {
      const { empty } = editor.state.selection;
      const link = { href: mergeTagText(tag.path), target: null, rel: null };
      if (empty)
        chain()
          .insertContent({ type: "text", text: tag.linkText ?? tag.label, marks: [{ type: "link", attrs: link }] })
          .run();
      else chain().setLink(link).run();
    } else {
      chain().insertMergeTag(tag.path, fallback).run();
    }
  };
  return (
    <div className="ed-rte-menu" role="toolbar" aria-label="Text formatting">
      <label className="ed-sr-only" htmlFor="ed-rte-block">
        Paragraph or heading
      </label>
      <select
        id="ed-rte-block"
        className="ed-select"
        value={state.block}
        onChange={(e) => {
          const v = e.target.value;
          if (v === "p") chain().setParagraph().run();
          else
            chain()
              .setHeading({ level: Number(v.slice(1)) as 1 | 2 | 3 })
              .run();
        }}
      >
        <option value="p">Paragraph</option>
        <option value="h1">Heading 1</option>
        <option value="h2">Heading 2</option>
        <option value="h3">Heading 3</option>
      </select>
      <label className="ed-sr-only" htmlFor="ed-rte-size">
        Text size
      </label>
      <select
        id="ed-rte-size"
        className="ed-select"
        value={state.size}
        onChange={(e) => (e.target.value ? chain().setFontSize(e.target.value).run() : chain().unsetFontSize().run())}
      >
        <option value="">Size</option>
        {FONT_SIZES.map((s) => (
          <option key={s} value={s}>
            {parseInt(s, 10)}
          </option>
        ))}
      </select>
      <span className="ed-rte-sep" />
      {toggle("Bold", state.bold, () => chain().toggleBold().run(), <strong>B</strong>)}
      {toggle("Italic", state.italic, () => chain().toggleItalic().run(), <em>I</em>)}
      {toggle("Underline", state.underline, () => chain().toggleUnderline().run(), <u>U</u>)}
      <ColourMenu editor={editor} current={state.color} />
      <span className="ed-rte-sep" />
      {(["left", "center", "right", "justify"] as const).map((a) =>
        toggle(
          `Align ${a === "center" ? "centre" : a === "justify" ? "justified" : a}`,
          state.align === a,
          () => chain().setTextAlign(a).run(),
          <AlignIcon align={a} />,
        ),
      )}
      <span className="ed-rte-sep" />
      {toggle("Bulleted list", state.bullet, () => chain().toggleBulletList().run(), "•≡")}
      {toggle("Numbered list", state.ordered, () => chain().toggleOrderedList().run(), "1.")}
      <span className="ed-rte-sep" />
      <button
        type="button"
        className="ed-tool ed-tool-wide"
        aria-pressed={state.link}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => setDialog("link")}
      >
        Link
      </button>
      <button type="button" className="ed-tool ed-tool-wide" onMouseDown={(e) => e.preventDefault()} onClick={() => setDialog("tag")}>
        Merge tag
      </button>
      <span className="ed-rte-sep" />
      <button type="button" className="ed-tool ed-tool-wide" onClick={onDone}>
        Done
      </button>
      {createPortal(
        <>
          <LinkDialog
            open={dialog === "link"}
            initial={dialog === "link" ? linkNow() : null}
            onClose={() => {
              setDialog(null);
              editor.commands.focus();
            }}
            onRemove={() => {
              setDialog(null);
              chain().extendMarkRange("link").unsetLink().run();
            }}
            onSave={({ href, newTab }) => {
              setDialog(null);
              const attrs = { href, target: newTab ? "_blank" : null, rel: newTab ? "noopener noreferrer" : null };
              if (editor.state.selection.empty && !editor.isActive("link"))
                chain()
                  .insertContent({ type: "text", text: href, marks: [{ type: "link", attrs }] })
                  .run();
              else chain().extendMarkRange("link").setLink(attrs).run();
            }}
          />
          <MergeTagDialog
            open={dialog === "tag"}
            onClose={() => {
              setDialog(null);
              editor.commands.focus();
            }}
            onInsert={insertTag}
          />
        </>,
        document.body,
      )}
    </div>
  );
}

function ColourMenu({ editor, current }: { editor: Editor; current: string }) {
  const [open, setOpen] = useState(false);
  const palette = brandPalette(useEditorDoc((s) => s.doc.generalSettings));
  const apply = (colour: string | null) => {
    if (colour) editor.chain().focus().setColor(colour).run();
    else editor.chain().focus().unsetColor().run();
    setOpen(false);
  };
  return (
    <span className="ed-colour-menu">
      <button
        type="button"
        className="ed-tool"
        aria-label="Text colour"
        aria-expanded={open}
        title="Text colour"
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => setOpen(!open)}
      >
        <span className="ed-colour-a" style={{ borderBottomColor: current || "currentColor" }}>
          A
        </span>
      </button>
      {open && (
        <div
          className="ed-colour-pop"
          role="group"
          aria-label="Text colours"
          onKeyDown={(e) => e.key === "Escape" && (e.stopPropagation(), setOpen(false))}
        >
          <p className="ed-colour-title">Your email&apos;s colours</p>
          <div className="ed-swatches">
            {palette.map((c) => (
              <button
                key={c}
                type="button"
                className="ed-swatch"
                style={{ background: c }}
                aria-label={`Colour ${c}`}
                aria-pressed={current.toLowerCase() === c}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => apply(c)}
              />
            ))}
          </div>
          <div className="ed-colour-row">
            <label>
              Other colour{" "}
              <input type="color" value={/^#[0-9a-f]{6}$/i.test(current) ? current : "#000000"} onChange={(e) => apply(e.target.value)} />
            </label>
            <button type="button" className="ed-btn" onMouseDown={(e) => e.preventDefault()} onClick={() => apply(null)}>
              No colour
            </button>
          </div>
        </div>
      )}
    </span>
  );
}

function AlignIcon({ align }: { align: "left" | "center" | "right" | "justify" }) {
  const lines = { left: [14, 10, 14, 8], center: [14, 10, 14, 8], right: [14, 10, 14, 8], justify: [14, 14, 14, 14] }[align];
  return (
    <svg width="16" height="14" viewBox="0 0 16 14" aria-hidden="true">
      {lines.map((w, i) => {
        const x = align === "center" ? (16 - w) / 2 : align === "right" ? 16 - w : 1;
        return <rect key={i} x={x} y={1 + i * 3.5} width={w} height="1.8" rx="0.9" fill="currentColor" />;
      })}
    </svg>
  );
}
