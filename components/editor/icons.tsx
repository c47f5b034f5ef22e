// Small inline icons (no icon font: glyphs like 🗑 are missing from many system fonts).
const PATHS = {
  drag: "M9 5h2v2H9zM13 5h2v2h-2zM9 11h2v2H9zM13 11h2v2h-2zM9 17h2v2H9zM13 17h2v2h-2z",
  up: "M12 5l-6 6h4v8h4v-8h4z",
  down: "M12 19l6-6h-4V5h-4v8H6z",
  left: "M5 12l6-6v4h8v4h-8v4z",
  right: "M19 12l-6 6v-4H5v-4h8V6z",
  copy: "M8 3h10a2 2 0 012 2v10h-2V5H8zM4 8a2 2 0 012-2h8a2 2 0 012 2v11a2 2 0 01-2 2H6a2 2 0 01-2-2zm2 0v11h8V8z",
  trash: "M9 3h6l1 2h4v2H4V5h4zM6 9h12l-1 12H7zm3 2v8h2v-8zm4 0v8h2v-8z",
  plus: "M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z",
  star: "M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z",
  pencil: "M4 17.3V20h2.7l9.9-9.9-2.7-2.7zM18.7 8l1.6-1.6a1 1 0 000-1.4l-1.3-1.3a1 1 0 00-1.4 0L16 5.3z",
  undo: "M7 7V3L1 9l6 6v-4h7a4 4 0 010 8h-3v2h3a6 6 0 000-12z",
  redo: "M17 7V3l6 6-6 6v-4h-7a4 4 0 000 8h3v2h-3a6 6 0 010-12z",
} as const;

export function Icon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
      <path d={PATHS[name]} />
    </svg>
  );
}
