// The footer starter section: the brand's name and postal address, why the recipient gets the email,
// and the links every marketing email needs (preferences, unsubscribe, view in browser), written with
// the system merge tags the renderer fills. No server imports: the editor's palette builds it too.
import { mergeTagText, PREFERENCES_TAG, UNSUBSCRIBE_TAG, VIEW_IN_BROWSER_TAG } from "./merge-tags";
import type { Section } from "./schema";

export function footerSection(newId: () => string): Section {
  const link = (tag: string, label: string) => `<a href="${mergeTagText(tag)}">${label}</a>`;
  const text = [
    `<p><strong>${mergeTagText("brand.name")}</strong><br>${mergeTagText("brand.postal_address")}</p>`,
    `<p>You are receiving this email because you signed up for news from ${mergeTagText("brand.name")}.</p>`,
    `<p>${link(PREFERENCES_TAG, "Manage preferences")} · ${link(UNSUBSCRIBE_TAG, "Unsubscribe")} · ${link(VIEW_IN_BROWSER_TAG, "View in browser")}</p>`,
  ].join("");
  return {
    id: newId(),
    styleProperties: { paddingTop: "16px", paddingBottom: "24px" },
    rows: [
      {
        id: newId(),
        columns: [
          {
            id: newId(),
            blocks: [
              {
                id: newId(),
                type: "lineSpace",
                lineSpace: { type: "line", height: 1, lineStyle: "solid" },
                styleProperties: { dividerColor: "#d0d4e0" },
              },
              { id: newId(), type: "text", stylePresetID: "footnote", styleProperties: { alignment: "center" }, text },
            ],
          },
        ],
      },
    ],
  };
}
