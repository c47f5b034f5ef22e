// What bench:send and the delivery crash test send: a 30-block newsletter (nine sections of a first-name
// greeting, an image and a button, a product recommender of three slots, a footer with the unsubscribe
// link), a catalog for the recommender, and an audience of subscribed contacts written straight into the
// database, streamed back to enqueueMessages by id as a campaign streams a segment. lib/ is imported
// lazily: the caller first points DATABASE_URL at the server's database.
const hex = (n: number) => n.toString(16).padStart(24, "0");

export function newsletterTemplate() {
  let n = 0x1000;
  const id = () => hex(n++);
  const sections: unknown[] = [];
  for (let i = 0; i < 9; i++) {
    sections.push({
      id: id(),
      styleProperties: { backgroundColor: i % 2 ? "#ffffff" : "#f6f6f6" },
      rows: [
        {
          id: id(),
          columns: [
            {
              id: id(),
              blocks: [
                {
                  id: id(),
                  type: "text",
                  text: `<h2>Story ${i + 1}</h2><p>Hello [[contact.first_name | there]], here is what is new this week in <strong>part ${i + 1}</strong> of our newsletter, with <a href="https://shop.example.com/stories/${i}">the whole story</a>.</p>`,
                },
                {
                  id: id(),
                  type: "image",
                  image: {
                    source: `https://cdn.example.com/newsletter/${i}.png`,
                    altText: `Story ${i + 1}`,
                    link: `https://shop.example.com/stories/${i}`,
                  },
                },
                { id: id(), type: "button", button: { text: "Read more", link: `https://shop.example.com/stories/${i}?from=button` } },
              ],
            },
          ],
        },
      ],
    });
  }
  sections.push({
    id: id(),
    type: "product_recommender",
    productRecommender: { type: "newest", isOutOfStockIncluded: false },
    rows: [{ id: id(), columns: [0, 1, 2].map(() => ({ id: id(), blocks: [{ id: id(), type: "product", product: {} }] })) }],
  });
  sections.push({
    id: id(),
    rows: [
      {
        id: id(),
        columns: [
          {
            id: id(),
            blocks: [
              {
                id: id(),
                type: "text",
                text: '<p style="font-size:12px">You get this because you subscribed. <a href="[[message.unsubscribe_url]]">Unsubscribe</a> · <a href="[[message.view_in_browser_url]]">View online</a></p>',
              },
            ],
          },
        ],
      },
    ],
  });
  return { name: "Weekly newsletter", generalSettings: { content: { width: "600px" } }, sections };
}

export function catalogProducts(count = 12) {
  return Array.from({ length: count }, (_, i) => ({
    id: `bench-product-${i}`,
    title: `Product ${i}`,
    status: "inStock",
    url: `https://shop.example.com/products/${i}`,
    defaultImageUrl: `https://cdn.example.com/products/${i}.png`,
    variants: [
      { id: `bench-product-${i}-v`, title: "Default", url: `https://shop.example.com/products/${i}`, price: 19.99 + i, status: "inStock" },
    ],
    currency: "USD",
  }));
}

/** Inserts `count` subscribed contacts with first names (in transactions of 500). */
export async function seedAudience(
  brandId: string,
  count: number,
  emailOf: (i: number) => string = (i) => `reader-${i}@bench.test`,
): Promise<void> {
  const { writeTransaction } = await import("@/lib/db/sql");
  const { newId } = await import("@/lib/ids");
  const now = new Date();
  for (let from = 0; from < count; from += 500) {
    const rows = Array.from({ length: Math.min(500, count - from) }, (_, k) => ({ i: from + k, id: newId(now), identifier: newId(now) }));
    await writeTransaction(async (tx) => {
      await tx.run(
        `INSERT INTO "Contact" ("id", "brandId", "firstName", "customProperties", "createdAt", "updatedAt") VALUES ${rows.map(() => "(?, ?, ?, ?json, ?ts, ?ts)").join(", ")}`,
        rows.flatMap((r) => [r.id, brandId, `Reader${r.i}`, "{}", now, now]),
      );
      await tx.run(
        `INSERT INTO "ContactIdentifier" ("id", "brandId", "contactId", "type", "value", "status", "statusChangedAt", "sendWelcomeMessage", "createdAt")
         VALUES ${rows.map(() => "(?, ?, ?, 'email', ?, 'subscribed', ?ts, ?bool, ?ts)").join(", ")}`,
        rows.flatMap((r) => [r.identifier, brandId, r.id, emailOf(r.i), now, true, now]),
      );
    });
  }
}

/** The brand's contacts by id, a page at a time: how a campaign streams its audience into enqueueMessages. */
export async function* audience(brandId: string): AsyncGenerator<{ contactId: string }> {
  const { sqlReader } = await import("@/lib/db/sql");
  let after = "";
  for (;;) {
    const rows = await sqlReader().all<{ id: string }>(
      `SELECT "id" FROM "Contact" WHERE "brandId" = ? AND "id" > ? ORDER BY "id" LIMIT 1000`,
      [brandId, after],
    );
    for (const r of rows) yield { contactId: r.id };
    if (rows.length < 1000) return;
    after = rows[rows.length - 1].id;
  }
}
