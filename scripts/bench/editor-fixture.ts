// A large template for the editor benchmark: 24 sections x 2 columns x 5 blocks = 240 blocks.
import { randomBytes } from "node:crypto";

const id = () => randomBytes(12).toString("hex");

export function largeTemplate(name: string, origin: string, sections = 24) {
  const block = (i: number) => {
    switch (i % 4) {
      case 0:
        return {
          id: id(),
          type: "text",
          text: `<p>Paragraph ${i} for [[contact.first_name | there]] with <strong>bold</strong> and <a href="https://example.com">a link</a>.</p>`,
        };
      case 1:
        return { id: id(), type: "button", button: { text: `Button ${i}`, link: "https://example.com" }, stylePresetID: "primary_button" };
      case 2:
        return { id: id(), type: "image", image: { source: `${origin}/editor-placeholder.svg`, altText: `Image ${i}` } };
      default:
        return { id: id(), type: "lineSpace", lineSpace: { type: "line", height: 1 }, styleProperties: { dividerColor: "#dddddd" } };
    }
  };
  let n = 0;
  return {
    name,
    sections: Array.from({ length: sections }, () => ({
      id: id(),
      rows: [{ id: id(), columns: [0, 1].map(() => ({ id: id(), width: "50%", blocks: Array.from({ length: 5 }, () => block(n++)) })) }],
    })),
  };
}
