"use client";
// Tags as removable chips plus an input: Enter or "Add tag" adds what was typed.
import { useState } from "react";
import "./contacts.css";

export function TagsEditor({ tags, onChange, error }: { tags: string[]; onChange: (tags: string[]) => void; error?: string }) {
  const [text, setText] = useState("");
  const add = () => {
    const tag = text.trim();
    if (tag && !tags.includes(tag)) onChange([...tags, tag]);
    setText("");
  };
  return (
    <fieldset className="fieldset" aria-describedby={error ? "tags-error" : undefined}>
      <legend>Tags</legend>
      {tags.length > 0 && (
        <ul className="tag-list tag-list-edit">
          {tags.map((tag) => (
            <li key={tag} className="tag">
              {tag}
              <button
                type="button"
                className="tag-remove"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange(tags.filter((t) => t !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="form-row form-row-end">
        <div className="field grow">
          <label className="label" htmlFor="tags-new">
            New tag
          </label>
          <input
            id="tags-new"
            className="input"
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "tags-error" : undefined}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                add();
              }
            }}
          />
        </div>
        <button type="button" className="btn btn-secondary" onClick={add}>
          Add tag
        </button>
      </div>
      {error && (
        <p id="tags-error" className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
