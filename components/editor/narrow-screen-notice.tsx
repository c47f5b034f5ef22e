"use client";
// Below 720 pixels the canvas and its panels do not fit: the editor says so and offers the preview
// (which works at any width). CSS shows this instead of the workspace at those widths.
export function NarrowScreenNotice({ onPreview }: { onPreview: () => void }) {
  return (
    <section className="ed-narrow" aria-labelledby="ed-narrow-title">
      <h2 id="ed-narrow-title">The editor needs a wider screen</h2>
      <p>
        Editing an email needs a screen at least 1024 pixels wide, such as a laptop or a tablet held sideways. On this screen you can look
        at the email as your contacts will see it.
      </p>
      <button type="button" className="btn btn-primary" onClick={onPreview}>
        Show the preview
      </button>
    </section>
  );
}
