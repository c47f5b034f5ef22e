// The double opt-in email. It goes to an address anybody can type into a public form, so it carries
// nothing a visitor typed: not the name, not the address in the body, not a topic they picked. Its text is
// fixed; the brand's name is the operator's (neutralised as the sender confirmation does it: no links, no
// domains, at most 40 characters) and the link is the message's own ([[message.confirm_url]]: its signed
// token, lib/recipient-links), so every confirmation of a brand and sender shares one content, rendered from
// one compiled template (a content per submission made the worker compile MJML for every email).
import { sqlReader } from "@/lib/db/sql";
import { createSystemContent, deploymentSender, type Content } from "@/lib/delivery";
import { neutralBrandName } from "@/lib/delivery/senders/senders";
import type { Template } from "@/lib/templates/schema/template";
import { escapeHtml } from "@/lib/templates/render/tags";
import type { FormDefinition } from "./schemas";

/** A fixed sentence, nothing a brand or a visitor wrote. */
export const CONFIRMATION_SUBJECT = "Please confirm your subscription";

function template(brandName: string): Template {
  const at = "2026-01-01T00:00:00.000Z";
  const id = (n: number) => n.toString(16).padStart(24, "0");
  const who = escapeHtml(neutralBrandName(brandName));
  return {
    id: id(0x10),
    name: "Signup confirmation",
    createdAt: at,
    updatedAt: at,
    generalSettings: {},
    sections: [
      {
        id: id(0x11),
        rows: [
          {
            id: id(0x12),
            columns: [
              {
                id: id(0x13),
                blocks: [
                  {
                    id: id(0x14),
                    type: "text",
                    text: `<p>Someone, hopefully you, asked to receive emails from ${who} at this address.</p><p>To start receiving them, confirm your subscription. If it was not you, ignore this email: you will not be subscribed.</p>`,
                  },
                  { id: id(0x15), type: "button", button: { text: "Confirm my subscription", link: "[[message.confirm_url]]" } },
                ],
              },
            ],
          },
        ],
      },
    ],
  } as unknown as Template;
}

// The contents this process stored or found, by what makes them (brand, its name, sender). A content row is
// immutable and never deleted but with its brand, so the one found once stays right; without this each
// submission stored its content again: a template serialized and hashed, and two Prisma calls (bench:forms).
const MAX_KEPT = 1_000;
const kept = new Map<string, Promise<Content>>();

/** The email's content (stored once per brand, sender and brand name: lib/delivery finds it by its hash). */
export async function confirmationContent(brandId: string, sender: FormDefinition["sender"]): Promise<Content> {
  const [brand] = await sqlReader().all<{ name: string }>(`SELECT "name" FROM "Brand" WHERE "id" = ?`, [brandId]);
  if (!brand) throw new Error(`no brand ${brandId}`);
  const from = sender ?? { email: deploymentSender().address, name: brand.name.slice(0, 100) || "Newsletter" };
  const key = JSON.stringify([brandId, brand.name, from.name, from.email]);
  let content = kept.get(key);
  if (!content) {
    if (kept.size >= MAX_KEPT) kept.clear();
    content = createSystemContent(brandId, template(brand.name), {
      subject: CONFIRMATION_SUBJECT,
      senderName: from.name,
      senderEmail: from.email,
    });
    kept.set(key, content);
    content.catch(() => kept.delete(key));
  }
  return content;
}
