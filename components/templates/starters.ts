// The gallery of designed starters for a new template. Each builds a whole email in the published model
// from starter-kit.ts; its thumbnail (public/starters/thumbnails/) is the real render, made by
// `npm run starters:thumbnails`, and a unit test fails when a starter changes without a new thumbnail.
import type { EditorDocument } from "@/components/editor/state/document";
import { newNodeId } from "@/components/editor/state/client-id";
import {
  art,
  button,
  discount,
  divider,
  footer,
  image,
  logo,
  personalCode,
  preheader,
  product,
  section,
  SERIF,
  spacer,
  text,
  palette,
  type Kit,
} from "./starter-kit";

export type Starter = {
  id: string;
  name: string;
  description: string;
  build: (name: string, origin: string, newId?: () => string) => EditorDocument;
};

const SHOP = "https://www.example.com";
const hello = "[[contact.first_name | there]]";

type Design = (kit: Kit) => Omit<EditorDocument, "name">;

const designs: Record<string, Design> = {
  blank: () => ({ sections: [] }),

  welcome: (kit) => ({
    generalSettings: palette(kit, { accent: "#0f766e", ink: "#1f2937", body: "#ecfdf5" }),
    sections: [
      preheader(kit, "#ecfdf5", "#4b5563"),
      section(kit, [[logo(kit)]], { styles: { backgroundColor: "#ffffff" } }),
      section(kit, [[image(kit, "welcome-hero", "A warm welcome from our team")]]),
      section(kit, [
        [
          text(
            kit,
            `<h1 style="text-align: center">Welcome, ${hello}!</h1><p style="text-align: center">We are so glad you are here. Every week you will hear about new arrivals, stories from our makers and offers kept for subscribers.</p>`,
            { paddingTop: "28px", paddingLeft: "40px", paddingRight: "40px" },
          ),
          discount(kit, "WELCOME10", "10% off your first order with the code", { alignment: "center" }),
          button(kit, "Start shopping", `${SHOP}/new`),
          spacer(kit, 16),
        ],
      ]),
      section(
        kit,
        [
          [
            text(kit, `<h3 style="text-align: center">Free returns</h3><p style="text-align: center">30 days to change your mind.</p>`, {
              fontSize: "14px",
            }),
          ],
          [
            text(
              kit,
              `<h3 style="text-align: center">Made to last</h3><p style="text-align: center">Materials chosen for years of use.</p>`,
              { fontSize: "14px" },
            ),
          ],
          [
            text(
              kit,
              `<h3 style="text-align: center">Real people</h3><p style="text-align: center">Write to us: we answer within a day.</p>`,
              { fontSize: "14px" },
            ),
          ],
        ],
        { styles: { backgroundColor: "#f0fdfa", paddingTop: "12px", paddingBottom: "12px" } },
      ),
      footer(kit, "#ecfdf5", "#4b5563"),
    ],
  }),

  newsletter: (kit) => ({
    generalSettings: palette(kit, { accent: "#1d4ed8", ink: "#111827", body: "#f3f4f6", headingFont: SERIF }),
    sections: [
      preheader(kit, "#f3f4f6", "#4b5563"),
      section(kit, [
        [
          logo(kit),
          text(kit, `<p style="text-align: center; letter-spacing: 2px">THE MONTHLY NOTE · ISSUE 12</p>`, {
            fontSize: "12px",
            color: "#6b7280",
            paddingTop: "0px",
          }),
        ],
      ]),
      section(kit, [[image(kit, "newsletter-hero", "Our workshop in the morning light", { link: `${SHOP}/journal` })]]),
      section(kit, [
        [
          text(
            kit,
            `<h1>What we made this month</h1><p>Hi ${hello}, spring arrived in the workshop and brought three new colours with it. Here is the story behind them, and two reads we enjoyed.</p>`,
            { paddingTop: "24px", paddingLeft: "32px", paddingRight: "32px" },
          ),
          button(kit, "Read the story", `${SHOP}/journal/spring`, { styles: { alignment: "left", paddingLeft: "32px" } }),
        ],
      ]),
      section(kit, [[divider(kit)]], { styles: { paddingLeft: "32px", paddingRight: "32px" } }),
      section(
        kit,
        [
          [
            image(kit, "article-1", "Hands shaping clay"),
            text(
              kit,
              `<h3>Meet the maker</h3><p>Ana has shaped our bowls for ten years. She tells us what changed.</p><p><a href="${SHOP}/journal/ana">Read more →</a></p>`,
              { fontSize: "14px" },
            ),
          ],
          [
            image(kit, "article-2", "A table set for breakfast"),
            text(
              kit,
              `<h3>A slower breakfast</h3><p>Five small habits for a calmer start to the day, from our team.</p><p><a href="${SHOP}/journal/breakfast">Read more →</a></p>`,
              { fontSize: "14px" },
            ),
          ],
        ],
        { styles: { paddingLeft: "16px", paddingRight: "16px", paddingBottom: "16px" } },
      ),
      footer(kit, "#f3f4f6", "#4b5563"),
    ],
  }),

  promotion: (kit) => ({
    generalSettings: palette(kit, { accent: "#dc2626", ink: "#111827", body: "#fef2f2" }),
    sections: [
      preheader(kit, "#fef2f2", "#4b5563"),
      section(kit, [[logo(kit)]]),
      section(
        kit,
        [
          [
            text(
              kit,
              `<p style="text-align: center; letter-spacing: 3px"><strong>THIS WEEKEND ONLY</strong></p><h1 style="text-align: center; font-size: 44px">30% off everything</h1><p style="text-align: center">Friday to Sunday, on the whole shop. No minimum order.</p>`,
              { color: "#ffffff", paddingTop: "36px", paddingLeft: "32px", paddingRight: "32px" },
            ),
            discount(kit, "WEEKEND30", "Use the code at checkout", { color: "#ffffff", alignment: "center" }),
            button(kit, "Shop the sale", `${SHOP}/sale`, {
              styles: { backgroundColor: "#ffffff", color: "#dc2626", paddingBottom: "36px" },
            }),
          ],
        ],
        { styles: { backgroundColor: "#dc2626", backgroundImage: art(kit, "promotion-hero"), backgroundSize: "cover" } },
      ),
      section(kit, [[text(kit, `<h2 style="text-align: center">Most loved right now</h2>`, { paddingTop: "24px" })]]),
      section(kit, [[product(kit, "Shop now")], [product(kit, "Shop now")], [product(kit, "Shop now")]], {
        type: "product_recommender",
        productRecommender: { type: "popular", fallbackType: "newest", isOutOfStockIncluded: false },
      }),
      footer(kit, "#fef2f2", "#4b5563"),
    ],
  }),

  "abandoned-cart": (kit) => ({
    generalSettings: palette(kit, { accent: "#7c3aed", ink: "#1f2937", body: "#f5f3ff" }),
    sections: [
      section(kit, [[logo(kit)]]),
      section(kit, [[image(kit, "cart-hero", "A shopping bag waiting by the door")]]),
      section(kit, [
        [
          text(
            kit,
            `<h1 style="text-align: center">You left something behind</h1><p style="text-align: center">Hi ${hello}, your cart is saved. The items below are waiting for you, but we cannot hold them for long.</p>`,
            { paddingTop: "24px", paddingLeft: "40px", paddingRight: "40px" },
          ),
        ],
      ]),
      section(kit, [[product(kit, "Complete my order")], [product(kit, "Complete my order")]], { type: "product_cart_recovery" }),
      section(kit, [
        [
          button(kit, "Return to my cart", `${SHOP}/cart`),
          text(kit, `<p style="text-align: center">Questions about sizes or delivery? Just reply to this email.</p>`, {
            fontSize: "14px",
            color: "#4b5563",
          }),
        ],
      ]),
      footer(kit, "#f5f3ff", "#4b5563"),
    ],
  }),

  "back-in-stock": (kit) => ({
    generalSettings: palette(kit, { accent: "#0369a1", ink: "#0f172a", body: "#f0f9ff" }),
    sections: [
      section(kit, [[logo(kit)]]),
      section(kit, [
        [
          image(kit, "stock-hero", "Shelves stocked again"),
          text(
            kit,
            `<h1 style="text-align: center">It's back!</h1><p style="text-align: center">Good news, ${hello}: the product you asked about is back in stock. Popular items sell out fast, so don't wait too long.</p>`,
            { paddingTop: "24px", paddingLeft: "40px", paddingRight: "40px" },
          ),
        ],
      ]),
      section(kit, [[product(kit, "Buy it now")]], { type: "product_back_in_stock" }),
      section(kit, [[button(kit, "See everything new", `${SHOP}/new`, { preset: "secondary_button" }), spacer(kit, 12)]]),
      footer(kit, "#f0f9ff", "#475569"),
    ],
  }),

  "order-confirmation": (kit) => ({
    generalSettings: palette(kit, { accent: "#15803d", ink: "#111827", body: "#f9fafb" }),
    sections: [
      section(kit, [[logo(kit)]]),
      section(
        kit,
        [
          [
            text(
              kit,
              `<h1 style="text-align: center">Thank you for your order!</h1><p style="text-align: center">Hi ${hello}, we have received your order and are getting it ready. We will let you know when it is on its way.</p>`,
              { paddingTop: "16px", paddingLeft: "40px", paddingRight: "40px" },
            ),
            { id: kit.id(), type: "orderSummary", orderSummary: { title: "Order summary" } },
            divider(kit),
            { id: kit.id(), type: "orderProducts", orderProducts: {} },
            { id: kit.id(), type: "orderTotal", orderTotal: {} },
            divider(kit),
            { id: kit.id(), type: "orderAddresses", orderAddresses: { title: "Delivery" } },
            button(kit, "Track my order", `${SHOP}/account/orders`),
            spacer(kit, 12),
          ],
        ],
        { styles: { paddingLeft: "8px", paddingRight: "8px" } },
      ),
      section(
        kit,
        [
          [
            text(
              kit,
              `<p style="text-align: center">Need help? Reply to this email or visit <a href="${SHOP}/help">our help centre</a>.</p>`,
              { fontSize: "14px", color: "#4b5563" },
            ),
          ],
        ],
        { styles: { backgroundColor: "#f0fdf4" } },
      ),
      footer(kit, "#f9fafb", "#4b5563"),
    ],
  }),

  "product-launch": (kit) => ({
    generalSettings: palette(kit, {
      accent: "#f59e0b",
      accentText: "#111827",
      ink: "#f9fafb",
      body: "#0b1120",
      canvas: "#111827",
      logo: "logo-light",
    }),
    sections: [
      preheader(kit, "#0b1120", "#cbd5e1"),
      section(kit, [[logo(kit)]], { styles: { backgroundColor: "#111827" } }),
      section(kit, [
        [
          text(
            kit,
            `<p style="text-align: center; letter-spacing: 4px"><strong>INTRODUCING</strong></p><h1 style="text-align: center; font-size: 40px">The Aurora lamp</h1><p style="text-align: center">Light that follows the sun, from a warm dawn to a soft evening glow.</p>`,
            { paddingTop: "24px", paddingLeft: "40px", paddingRight: "40px", color: "#f9fafb" },
          ),
          image(kit, "launch-hero", "The Aurora lamp glowing on a desk", { link: `${SHOP}/aurora` }),
          button(kit, "Pre-order now", `${SHOP}/aurora`, { styles: { paddingTop: "24px" } }),
        ],
      ]),
      section(
        kit,
        [
          [
            text(
              kit,
              `<h3 style="text-align: center">All-day rhythm</h3><p style="text-align: center">Colour temperature that changes with the hour.</p>`,
              { fontSize: "14px", color: "#e5e7eb" },
            ),
          ],
          [
            text(kit, `<h3 style="text-align: center">12 hours</h3><p style="text-align: center">On one charge, no cable in sight.</p>`, {
              fontSize: "14px",
              color: "#e5e7eb",
            }),
          ],
          [
            text(
              kit,
              `<h3 style="text-align: center">Recycled aluminium</h3><p style="text-align: center">Built to last, easy to repair.</p>`,
              { fontSize: "14px", color: "#e5e7eb" },
            ),
          ],
        ],
        { styles: { paddingTop: "16px", paddingBottom: "16px" } },
      ),
      footer(kit, "#0b1120", "#cbd5e1"),
    ],
  }),

  "re-engagement": (kit) => ({
    generalSettings: palette(kit, { accent: "#db2777", ink: "#1f2937", body: "#fdf2f8" }),
    sections: [
      section(kit, [[logo(kit)]]),
      section(kit, [[image(kit, "reengage-hero", "A hand-written note that says we miss you")]]),
      section(kit, [
        [
          text(
            kit,
            `<h1 style="text-align: center">We miss you, ${hello}</h1><p style="text-align: center">It has been a while. A lot has changed since your last visit, and we would love to show you. Here is a personal code to welcome you back.</p>`,
            { paddingTop: "24px", paddingLeft: "40px", paddingRight: "40px" },
          ),
          personalCode(kit, "20% off, just for you, for the next 14 days", `${SHOP}/welcome-back`),
        ],
      ]),
      section(kit, [
        [
          divider(kit),
          text(
            kit,
            `<p style="text-align: center">Not interested any more? No hard feelings: <a href="[[message.preferences_url]]">choose fewer emails</a> or <a href="[[message.unsubscribe_url]]">unsubscribe</a>.</p>`,
            { fontSize: "14px", color: "#4b5563" },
          ),
        ],
      ]),
      footer(kit, "#fdf2f8", "#4b5563"),
    ],
  }),
};

const ABOUT: { id: string; name: string; description: string }[] = [
  { id: "blank", name: "Blank", description: "Start from an empty email" },
  { id: "welcome", name: "Welcome", description: "Greet new subscribers with a welcome code" },
  { id: "newsletter", name: "Newsletter", description: "A lead story and two articles side by side" },
  { id: "promotion", name: "Promotion", description: "A sale headline, a code and best sellers" },
  { id: "abandoned-cart", name: "Abandoned cart", description: "Bring back the products left in a cart" },
  { id: "back-in-stock", name: "Back in stock", description: "Tell contacts a product is available again" },
  { id: "order-confirmation", name: "Order confirmation", description: "The order, its totals and the delivery address" },
  { id: "product-launch", name: "Product launch", description: "Introduce a new product and what makes it special" },
  { id: "re-engagement", name: "Re-engagement", description: "Win back quiet contacts with a personal code" },
];

export const STARTERS: Starter[] = ABOUT.map((about) => ({
  ...about,
  build: (name, origin, newId = newNodeId) => ({ name, ...designs[about.id]({ id: newId, origin }) }),
}));

/** The thumbnail of a starter (rendered by `npm run starters:thumbnails`). */
export const starterThumbnail = (id: string) => `/starters/thumbnails/${id}.jpg`;
