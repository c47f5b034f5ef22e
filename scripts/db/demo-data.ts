// The demo brand's example data on a first start (unless INKWELL_DEMO_DATA=off): contacts in a few
// countries with tags, their events (product views, orders), a "VIP customers" segment, a newsletter
// template from the starter gallery, and a campaign to the segment, so that a newcomer finds every page
// working. Written through lib/ (the same code the API runs).
import { STARTERS } from "../../components/templates/starters";
import { config } from "../../lib/config";
import { ContactInput } from "../../lib/contacts/schemas";
import { createContacts } from "../../lib/contacts/upsert-contact";
import { db } from "../../lib/db";
import { newId } from "../../lib/ids";
import { createCampaign } from "../../lib/campaigns/create-campaign";
import { claimDueSteps } from "../../lib/campaigns/run/campaign-worker";
import { runStep } from "../../lib/campaigns/run/steps";
import { sendCampaign } from "../../lib/campaigns/send-campaign";
import { claimMessages } from "../../lib/delivery/queue/claim-messages";
import { markAddressVerified } from "../../lib/delivery/senders/senders";
import { recordClick, recordOpen } from "../../lib/delivery/tracking/hits";
import { outboxTransport } from "../../lib/delivery/transport/smtp";
import { deliverMessages, recordResults } from "../../lib/delivery/worker/process-messages";
import { createSegment } from "../../lib/segments/write-segment";
import { createTemplate } from "../../lib/templates/save-template";

const FIRST = [
  "Ada",
  "Ben",
  "Chloé",
  "Dario",
  "Elif",
  "Finn",
  "Grace",
  "Hugo",
  "Ines",
  "Jonas",
  "Kira",
  "Liam",
  "Maya",
  "Noah",
  "Olga",
  "Pablo",
];
const LAST = ["Lovelace", "Okafor", "Martin", "Rossi", "Yılmaz", "Murphy", "Hopper", "Laurent", "García", "Schmidt", "Tanaka", "Walsh"];
const PLACES = [
  { country: "United States", countryCode: "US", state: "CA", city: "San Francisco" },
  { country: "United States", countryCode: "US", state: "NY", city: "New York" },
  { country: "United Kingdom", countryCode: "GB", city: "London" },
  { country: "Germany", countryCode: "DE", city: "Berlin" },
  { country: "Lithuania", countryCode: "LT", city: "Vilnius" },
  { country: "Japan", countryCode: "JP", city: "Tokyo" },
  { country: "Australia", countryCode: "AU", state: "NSW", city: "Sydney" },
];
const PRODUCTS = [
  { productID: "lamp-01", productTitle: "Brass desk lamp", productPrice: 89 },
  { productID: "mug-02", productTitle: "Stoneware mug", productPrice: 18 },
  { productID: "rug-03", productTitle: "Wool rug", productPrice: 240 },
];
const CONTACTS = 48;
const DEMO_SENDER = "news@demo-brand.example";

export async function seedDemoData(brandId: string): Promise<void> {
  if (config().INKWELL_DEMO_DATA === "off") return;
  const now = Date.now();
  const inputs = Array.from({ length: CONTACTS }, (_, i) => {
    const place = PLACES[i % PLACES.length];
    const status = i % 11 === 7 ? "unsubscribed" : i % 13 === 5 ? "nonSubscribed" : "subscribed";
    return {
      identifiers: [
        {
          type: "email" as const,
          id: `${FIRST[i % FIRST.length]
            .normalize("NFKD")
            .replace(/[^A-Za-z]/g, "")
            .toLowerCase()}.${i}@example.com`,
          channels: { email: { status } },
        },
      ],
      firstName: FIRST[i % FIRST.length],
      lastName: LAST[i % LAST.length],
      ...place,
      tags: [...(i % 3 === 0 ? ["vip"] : []), ...(i % 2 === 0 ? ["newsletter"] : [])],
      customProperties: { loyaltyPoints: (i * 37) % 500 },
    };
  });
  const ids = await createContacts(
    brandId,
    inputs.map((input) => ContactInput.parse(input)),
    { source: "demo" },
  );

  // What the contacts did: product views over the last weeks, and orders by the VIPs.
  const events = ids.flatMap((contactId, i) => {
    const product = PRODUCTS[i % PRODUCTS.length];
    const at = (daysAgo: number, hour: number) =>
      new Date(now - daysAgo * 86_400_000 - ((now / 3_600_000) % 24) * 3_600_000 + hour * 3_600_000);
    const rows = [
      {
        eventName: "viewed product",
        eventVersion: "v2",
        eventTime: at((i % 20) + 1, 9 + (i % 10)),
        properties: { ...product, productURL: `https://www.example.com/p/${product.productID}` },
      },
    ];
    if (i % 3 === 0)
      rows.push({
        eventName: "placed order",
        eventVersion: "v2",
        eventTime: at((i % 25) + 2, 18),
        properties: {
          orderID: `D-${1000 + i}`,
          totalPrice: product.productPrice,
          currency: "USD",
          lineItems: [{ ...product, productQuantity: 1 }],
        } as never,
      });
    return rows.map((r) => ({ id: newId(r.eventTime), brandId, contactId, origin: "demo", eventID: null, receivedAt: r.eventTime, ...r }));
  });
  await db.contactEvent.createMany({ data: events });

  const segment = await createSegment(brandId, {
    name: "VIP customers",
    conditionGroups: [
      { conditions: [{ entity: "contact", junction: "and", filters: [{ property: "tags", operator: "anyOf", value: ["vip"] }] }] },
    ],
  } as Parameters<typeof createSegment>[1]);

  const starter = STARTERS.find((s) => s.id === "newsletter") ?? STARTERS[0];
  const template = JSON.parse(
    await createTemplate(
      brandId,
      starter.build("Spring newsletter", config().appOrigin, () => newId()),
    ),
  ) as { id: string };
  const templateId = template.id;

  // A sender the demo brand may send from (an operator's admin verify-sender), and the campaign sent.
  await markAddressVerified(brandId, DEMO_SENDER, "Demo Brand");
  const campaign = await createCampaign(brandId, {
    channel: "email",
    type: "regular",
    name: "Spring newsletter to VIPs",
    audience: { includedSegmentIDs: [segment.segmentID] },
    content: {
      email: {
        templateID: templateId,
        subject: "Spring is here, [[contact.first_name | friend]]",
        preheader: "New arrivals for our best customers",
        senderName: "Demo Brand",
        senderEmail: DEMO_SENDER,
      },
    },
  });
  await sendAndEngage(brandId, campaign.id);
}

/** The open pixel and the tracked links of a delivered email, as a recipient's mail client would find them. */
export function trackingLinksOf(html: string): { open: string | null; clicks: { token: string; url: string; signature: string }[] } {
  const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
  const open = urls.map((u) => /\/email\/o\/([^/?#"]+)$/.exec(u)?.[1] ?? null).find((t) => t !== null) ?? null;
  const clicks = urls.flatMap((u) => {
    const match = /\/email\/c\/([^/?#]+)\?/.exec(u);
    if (!match) return [];
    const query = new URL(u).searchParams;
    return [{ token: match[1], url: query.get("u") ?? "", signature: query.get("s") ?? "" }];
  });
  return { open, clicks };
}

/**
 * The demo campaign sent here, before the server starts, into the outbox (never to a mail server):
 * its steps and its messages run in this process, then some recipients open and click: the pixel and the
 * tracked links of each delivered email (its real tokens and signatures) go to the tracking code the
 * /email/o and /email/c routes call, a few hours after delivery, so its report, click map and CSV have figures.
 */
async function sendAndEngage(brandId: string, campaignId: string): Promise<void> {
  const workerId = "demo-seed";
  const lease = 60_000;
  const delivered = new Map<string, { html: string; sentAt: Date }>();
  await sendCampaign(brandId, campaignId);
  for (let turn = 0; turn < 20; turn++) {
    for (const step of await claimDueSteps(workerId, 1, lease)) await runStep({ workerId, leaseMs: lease }, step.id, step.dueAt);
    const messages = await claimMessages(workerId, 500, lease);
    if (messages.length > 0) {
      // Always the outbox: the demo's addresses are made up, and a configured mail server must not get them.
      const results = await deliverMessages(messages, outboxTransport);
      await recordResults(workerId, results, outboxTransport.kind);
      for (const r of results) if (r.kind === "sent" && r.mail) delivered.set(r.message.id, { html: r.mail.html, sentAt: new Date() });
      continue;
    }
    const state = await db.campaign.findUnique({ where: { id: campaignId }, select: { status: true } });
    if (state?.status === "sent") break;
  }
  const browser = {
    userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
    ip: null,
  };
  const sent = [...delivered.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [i, [, mail]] of sent.entries()) {
    const at = (hours: number) => new Date(mail.sentAt.getTime() + hours * 3_600_000);
    const { open, clicks } = trackingLinksOf(mail.html);
    if (open && i % 3 !== 2) await recordOpen(open, browser, at(1 + (i % 5)));
    const click = clicks.length > 0 ? clicks[i % clicks.length] : null;
    if (click && i % 4 === 0) await recordClick(click.token, click.url, click.signature, browser, at(2 + (i % 5)));
  }
}
