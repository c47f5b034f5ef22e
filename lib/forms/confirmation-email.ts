// The double opt-in email. It goes to an address anybody can type into a public form, so it carries
// nothing a visitor typed: not the name, not the address in the body, not a topic they picked. Its text is
// fixed; the brand's name is the operator's (neutralised as the sender confirmation does it: no links, no
// domains, at most 40 characters) and the link names a submission by a signed id only.
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { createSystemContent, deploymentSender, type Content } from "@/lib/delivery";
import { neutralBrandName } from "@/lib/delivery/senders/senders";
import type { Template } from "@/lib/templates/schema/template";
import { escapeHtml } from "@/lib/templates/render/tags";
import { confirmToken } from "./confirm-token";
import type { FormDefinition } from "./schemas";

/** A fixed sentence, nothing a brand or a visitor wrote. */
export const CONFIRMATION_SUBJECT = "Please confirm your subscription";

export const confirmURL = (submissionId: string) => `${config().appOrigin}/f/confirm/${confirmToken(submissionId)}`;

function template(brandName: string, link: string): Template {
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
                  { id: id(0x15), type: "button", button: { text: "Confirm my subscription", link } },
                ],
              },
            ],
          },
        ],
      },
    ],
  } as unknown as Template;
}

/** The email's content for one submission (its link is its own, so is its content row). */
export async function confirmationContent(brandId: string, sender: FormDefinition["sender"], submissionId: string): Promise<Content> {
  const brand = await db.brand.findUniqueOrThrow({ where: { id: brandId }, select: { name: true } });
  const from = sender ?? { email: deploymentSender().address, name: brand.name.slice(0, 100) || "Newsletter" };
  return createSystemContent(brandId, template(brand.name, confirmURL(submissionId)), {
    subject: CONFIRMATION_SUBJECT,
    senderName: from.name,
    senderEmail: from.email,
  });
}
