// Starting points for a new workflow, each a working flow with its emails: the emails are made from the
// template starters (components/templates/starters.ts) or, where none fits (birthday, browse abandonment,
// post-purchase), from the same kit here; the workflow is created disabled, for the marketer to review,
// simulate and enable. Event triggers use the identity the brand's events arrive under (the origin is
// picked when the brand sent that event from one origin, else "api": a custom store).
import type { EditorDocument } from "@/components/editor/state/document";
import { newNodeId } from "@/components/editor/state/client-id";
import { STARTERS } from "@/components/templates/starters";
import {
  button,
  discount,
  footer,
  logo,
  palette,
  preheader,
  product,
  section,
  spacer,
  text,
  type Kit,
} from "@/components/templates/starter-kit";

const hello = "[[contact.first_name | there]]";
const SHOP = "https://www.example.com";

type Email = { key: string; template: (origin: string) => EditorDocument; subject: string; preheader: string };

export type AutomationStarter = {
  id: string;
  name: string;
  description: string;
  /** the event the trigger binds to (an identity lookup picks its origin), or a built-in trigger */
  event: string;
  emails: Email[];
  /** the workflow, given the created templates' ids by email key and the trigger's origin */
  workflow: (templates: Record<string, string>, origin: string | undefined, sender: string) => Record<string, unknown>;
};

const fromStarter = (id: string, name: string) => (origin: string) => STARTERS.find((s) => s.id === id)!.build(name, origin);

function design(name: string, build: (kit: Kit) => Omit<EditorDocument, "name">) {
  return (origin: string): EditorDocument => ({ name, ...build({ id: newNodeId, origin }) });
}

const birthdayEmail = design("Birthday gift", (kit) => ({
  generalSettings: palette(kit, { accent: "#be185d", ink: "#1f2937", body: "#fdf2f8" }),
  sections: [
    preheader(kit, "#fdf2f8", "#6b7280"),
    section(kit, [[logo(kit)]], { styles: { backgroundColor: "#ffffff" } }),
    section(kit, [
      [
        text(
          kit,
          `<h1 style="text-align: center">Happy birthday, ${hello}!</h1><p style="text-align: center">To celebrate, here is a gift from all of us: take it for anything you like this week.</p>`,
          { paddingTop: "28px", paddingLeft: "40px", paddingRight: "40px" },
        ),
        discount(kit, "BIRTHDAY20", "20% off with the code", { alignment: "center" }),
        button(kit, "Choose my gift", `${SHOP}/gifts`),
        spacer(kit, 16),
      ],
    ]),
    footer(kit, "#fdf2f8", "#6b7280"),
  ],
}));

const browseEmail = design("Still thinking about it?", (kit) => ({
  generalSettings: palette(kit, { accent: "#1d4ed8", ink: "#111827", body: "#eff6ff" }),
  sections: [
    preheader(kit, "#eff6ff", "#6b7280"),
    section(kit, [[logo(kit)]], { styles: { backgroundColor: "#ffffff" } }),
    section(kit, [
      [
        text(
          kit,
          `<h1 style="text-align: center">Still thinking about it, ${hello}?</h1><p style="text-align: center">Here is what you were looking at.</p>`,
          {
            paddingTop: "28px",
          },
        ),
      ],
    ]),
    section(kit, [[product(kit, "Take another look")], [product(kit, "Take another look")]], {
      type: "product_recommender",
      productRecommender: { type: "recentlyViewed", fallbackType: "popular", isOutOfStockIncluded: false },
    }),
    footer(kit, "#eff6ff", "#6b7280"),
  ],
}));

const thanksEmail = design("Thank you for your order", (kit) => ({
  generalSettings: palette(kit, { accent: "#047857", ink: "#111827", body: "#ecfdf5" }),
  sections: [
    preheader(kit, "#ecfdf5", "#6b7280"),
    section(kit, [[logo(kit)]], { styles: { backgroundColor: "#ffffff" } }),
    section(kit, [
      [
        text(
          kit,
          `<h1 style="text-align: center">How is everything, ${hello}?</h1><p style="text-align: center">Your order arrived a few days ago. Tell us how you like it: a short review helps other shoppers and us.</p>`,
          { paddingTop: "28px", paddingLeft: "40px", paddingRight: "40px" },
        ),
        button(kit, "Write a review", `${SHOP}/reviews`),
        spacer(kit, 16),
      ],
    ]),
    // The order that started the flow (handed over with the email), its items as the order blocks show them.
    section(kit, [
      [
        text(kit, `<h2 style="text-align: center">Your order</h2>`, { paddingTop: "8px" }),
        { id: kit.id(), type: "orderProducts", orderProducts: {} },
      ],
    ]),
    section(kit, [[product(kit, "Shop now")], [product(kit, "Shop now")]], {
      type: "product_recommender",
      productRecommender: { type: "personalized", fallbackType: "popular", isOutOfStockIncluded: false },
    }),
    footer(kit, "#ecfdf5", "#6b7280"),
  ],
}));

const wait = (id: string, amount: number, units: string) => ({
  temporaryID: id,
  type: "delay",
  delay: { mode: "duration", duration: { amount, units } },
});
let senderName = "";
const email = (id: string, templateID: string, subject: string, preheaderText: string) => ({
  temporaryID: id,
  type: "action",
  action: { type: "sendEmail", sendEmail: { templateID, subject, preheader: preheaderText, senderName, language: "en_US" } },
});
/** Builds a workflow with the brand's name as the emails' sender name. */
function withSender<T>(sender: string, build: () => T): T {
  senderName = sender || "Our store";
  return build();
}
const condition = (event: string, origin: string | undefined) => ({ event, ...(origin ? { origin } : {}) });

export const AUTOMATION_STARTERS: AutomationStarter[] = [
  {
    id: "welcome",
    name: "Welcome series",
    description:
      "Greet new subscribers with a code, then follow up with your best sellers; a second nudge for those who did not open the first.",
    event: "subscribed to marketing",
    emails: [
      {
        key: "welcome",
        template: fromStarter("welcome", "Welcome"),
        subject: `Welcome, ${hello}! Here is 10% off`,
        preheader: "Your welcome code inside",
      },
      {
        key: "bestsellers",
        template: fromStarter("promotion", "Our best sellers"),
        subject: "What everyone is buying this week",
        preheader: "Our best sellers",
      },
    ],
    workflow: (t, origin, sender) =>
      withSender(sender, () => ({
        name: "Welcome series",
        trigger: { condition: { event: "subscribed to marketing" } },
        blocks: [
          email("welcome", t.welcome, `Welcome, ${hello}! Here is 10% off`, "Your welcome code inside"),
          wait("two-days", 2, "d"),
          {
            temporaryID: "opened",
            type: "split",
            split: {
              filterGroup: {
                logicalOperator: "and",
                filters: [{ type: "message", field: "blockID", operator: "openedEmail", value: "welcome" }],
              },
              trueBlocks: [email("bestsellers", t.bestsellers, "What everyone is buying this week", "Our best sellers")],
              falseBlocks: [email("reminder", t.welcome, "Your 10% welcome code is waiting", "It is still yours")],
            },
          },
        ],
        settings: { sendingThresholds: { email: "subscribed", sms: "subscribed" }, frequencyLimiter: { mode: "once" } },
      })),
  },
  {
    id: "abandoned-cart",
    name: "Abandoned cart",
    description: "An hour after the last cart update, send the cart back; a day later, a reminder. An order ends it.",
    event: "added product to cart",
    emails: [
      {
        key: "cart",
        template: fromStarter("abandoned-cart", "Your cart"),
        subject: `${hello}, you left something behind`,
        preheader: "Your cart is saved",
      },
    ],
    workflow: (t, origin, sender) =>
      withSender(sender, () => ({
        name: "Abandoned cart",
        trigger: { condition: condition("added product to cart", origin), inactivitySettings: { duration: { amount: 1, units: "h" } } },
        blocks: [
          email("cart", t.cart, `${hello}, you left something behind`, "Your cart is saved"),
          wait("a-day", 1, "d"),
          email("reminder", t.cart, "Still thinking it over?", "Your cart is waiting for you"),
        ],
        exitConditions: [{ event: "placed order", ...(origin ? { origin } : {}) }],
        settings: {
          sendingThresholds: { email: "nonSubscribed", sms: "subscribed" },
          frequencyLimiter: { mode: "interval", duration: { amount: 1, units: "d" } },
        },
      })),
  },
  {
    id: "browse-abandonment",
    name: "Browse abandonment",
    description: "When a shopper looked at products and left without adding any to a cart, show them again an hour later.",
    event: "viewed product",
    emails: [{ key: "browse", template: browseEmail, subject: "Still thinking about it?", preheader: "The products you looked at" }],
    workflow: (t, origin, sender) =>
      withSender(sender, () => ({
        name: "Browse abandonment",
        trigger: { condition: condition("viewed product", origin), inactivitySettings: { duration: { amount: 1, units: "h" } } },
        blocks: [email("browse", t.browse, "Still thinking about it?", "The products you looked at")],
        exitConditions: [
          { event: "added product to cart", ...(origin ? { origin } : {}) },
          { event: "placed order", ...(origin ? { origin } : {}) },
        ],
        settings: {
          sendingThresholds: { email: "subscribed", sms: "subscribed" },
          frequencyLimiter: { mode: "interval", duration: { amount: 1, units: "w" } },
        },
      })),
  },
  {
    id: "back-in-stock",
    name: "Back in stock",
    description: "When a product returns to stock, tell the contacts who viewed it or put it in a cart.",
    event: "product back in stock",
    emails: [
      {
        key: "restock",
        template: fromStarter("back-in-stock", "Back in stock"),
        subject: "It is back in stock",
        preheader: "Get it before it is gone again",
      },
    ],
    workflow: (t, origin, sender) =>
      withSender(sender, () => ({
        name: "Back in stock",
        trigger: { condition: { event: "product back in stock" } },
        blocks: [email("restock", t.restock, "It is back in stock", "Get it before it is gone again")],
        settings: { sendingThresholds: { email: "nonSubscribed", sms: "subscribed" } },
      })),
  },
  {
    id: "post-purchase",
    name: "Post-purchase",
    description: "A week after an order, ask how it went and suggest what goes with it.",
    event: "placed order",
    emails: [{ key: "thanks", template: thanksEmail, subject: `How is everything, ${hello}?`, preheader: "Tell us about your order" }],
    workflow: (t, origin, sender) =>
      withSender(sender, () => ({
        name: "Post-purchase",
        trigger: { condition: condition("placed order", origin) },
        blocks: [wait("a-week", 7, "d"), email("thanks", t.thanks, `How is everything, ${hello}?`, "Tell us about your order")],
        settings: { sendingThresholds: { email: "subscribed", sms: "subscribed" } },
      })),
  },
  {
    id: "win-back",
    name: "Win-back",
    description: "When a customer has not ordered for 8 weeks, offer a personal code; each new order starts the wait again.",
    event: "placed order",
    emails: [
      {
        key: "winback",
        template: fromStarter("re-engagement", "We miss you"),
        subject: `We miss you, ${hello}`,
        preheader: "A code just for you",
      },
    ],
    workflow: (t, origin, sender) =>
      withSender(sender, () => ({
        name: "Win-back",
        trigger: { condition: condition("placed order", origin), inactivitySettings: { duration: { amount: 8, units: "w" } } },
        blocks: [email("winback", t.winback, `We miss you, ${hello}`, "A code just for you")],
        settings: { sendingThresholds: { email: "subscribed", sms: "subscribed" } },
      })),
  },
  {
    id: "birthday",
    name: "Birthday",
    description: "On each contact's birthday (the brand's time zone), a gift code.",
    event: "birthday",
    emails: [{ key: "birthday", template: birthdayEmail, subject: `Happy birthday, ${hello}!`, preheader: "A gift for you" }],
    workflow: (t, origin, sender) =>
      withSender(sender, () => ({
        name: "Birthday",
        trigger: { condition: { event: "birthday" } },
        blocks: [email("birthday", t.birthday, `Happy birthday, ${hello}!`, "A gift for you")],
        settings: { sendingThresholds: { email: "subscribed", sms: "subscribed" } },
      })),
  },
];
