// The double opt-in email. It goes to an address anybody can type into a public form, so it carries
// nothing a visitor typed: not the name, not the address in the body, not a topic they picked. Its text is
// fixed; the brand's name is the operator's (neutralised as the sender confirmation does it: no links, no
// domains, at most 40 characters) and the link is the message's own ([[message.confirm_url]]: its signed
// token, lib/recipient-links), so every confirmation of a brand and sender shares one content, rendered from
// one compiled template (a content per submission made the worker compile MJML for every email).
import { db } from "@/lib/db";
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

/** The email's content (stored once per brand, sender and brand name: lib/delivery finds it by its hash). */
export async function confirmationContent(brandId: string, sender: FormDefinition["sender"]): Promise<Content> {
  const brand = await db.brand.findUniqueOrThrow({ where: { id: brandId }, select: { name: true } });
  const from = sender ?? { email: deploymentSender().address, name: brand.name.slice(0, 100) || "Newsletter" };
  return createSystemContent(brandId, template(brand.name), {
    subject: CONFIRMATION_SUBJECT,
    senderName: from.name,
    senderEmail: from.email,
  });
}
