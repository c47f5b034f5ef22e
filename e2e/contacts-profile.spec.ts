// The contact profile as a marketer reads it (issue 18): a product looked at as a product card, a cart
// with its items, an order with its total and items, a custom event as readable properties, event names
// in their words with the version as sent, timeline filters by type and time (keyboard included) with an
// empty state, and a subscription history that stays readable at 1280 px.
import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiKeyHeaders, newOwner, signUpWithApiKey } from "./account-helpers";
import { watchConsole } from "./contacts-helpers";

test.describe.configure({ mode: "serial" });

const SHOTS = "artifacts/screenshots";
const run = Date.now().toString(36);
const owner = newOwner("profile", "Harbour", run);
const zoe = { email: `zoe-${run}@example.com`, phone: "+14155550123" };
let apiKey = "";
let zoeId = "";

const headers = () => apiKeyHeaders(apiKey);

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: path.join(SHOTS, `profile-${name}-1440.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, `profile-${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function sendEvent(request: APIRequestContext, body: Record<string, unknown>) {
  const res = await request.post("/api/events", { headers: headers(), data: { origin: "api", contact: { email: zoe.email }, ...body } });
  expect(res.status(), await res.text()).toBe(202);
}

test("setup: an account, an API key, a contact with a history and four kinds of events", async ({ page, request, baseURL }) => {
  apiKey = await signUpWithApiKey(page, owner);

  const res = await request.post("/api/contacts", {
    headers: headers(),
    data: {
      firstName: "Zoe",
      lastName: "Park",
      identifiers: [
        {
          type: "email",
          id: zoe.email,
          channels: { email: { status: "subscribed" } },
          consent: {
            source: "spring-lookbook-landing-page-newsletter-signup-form-footer-variant-b",
            ip: "198.51.100.23",
            userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
          },
        },
        { type: "phone", id: zoe.phone, channels: { sms: { status: "subscribed" } }, consent: { source: "checkout", ip: "198.51.100.23" } },
      ],
    },
  });
  expect([200, 201], await res.text()).toContain(res.status());
  zoeId = (await res.json()).id;

  // Product images from the server itself: the test machine has no internet, and a broken image is a console error.
  const image = `${baseURL}/starters/product.png`;
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
  await sendEvent(request, {
    eventName: "viewed product",
    eventVersion: "v1",
    eventTime: minutesAgo(40),
    properties: {
      productID: "tote-1",
      productTitle: "Canvas tote",
      url: "https://shop.example.com/p/tote-1",
      productImageURL: image,
      productPrice: 24,
      currency: "EUR",
    },
  });
  await sendEvent(request, {
    eventName: "added product to cart",
    eventVersion: "v1",
    eventTime: minutesAgo(30),
    properties: {
      cartID: "cart-9",
      currency: "EUR",
      value: 48,
      abandonedCheckoutURL: "https://shop.example.com/cart/cart-9",
      lineItems: [
        {
          productID: "tote-1",
          productTitle: "Canvas tote",
          productPrice: 24,
          productQuantity: 1,
          productURL: "https://shop.example.com/p/tote-1",
          productImageURL: image,
        },
        {
          productID: "sock-2",
          productTitle: "Wool socks",
          productPrice: 12,
          productQuantity: 2,
          productURL: "https://shop.example.com/p/sock-2",
        },
      ],
    },
  });
  await sendEvent(request, {
    eventName: "placed order",
    eventVersion: "v1",
    eventTime: minutesAgo(20),
    properties: {
      orderID: "1042",
      cartID: "cart-9",
      currency: "EUR",
      value: 84.5,
      lineItems: [
        { productID: "tote-1", productTitle: "Canvas tote", productPrice: 24, productQuantity: 1, productImageURL: image },
        { productID: "sock-2", productTitle: "Wool socks", productPrice: 12, productQuantity: 2 },
        { productID: "mug-3", productTitle: "Stoneware mug", productPrice: 36.5, productQuantity: 1 },
      ],
    },
  });
  await sendEvent(request, {
    eventName: "loyalty tier changed",
    eventTime: minutesAgo(10),
    properties: {
      tier: { name: "Gold", perks: ["free shipping", "early access"] },
      points: 12500,
      renewedAt: "2026-11-01T09:30:00Z",
      memberId: 100045,
      vip: true,
    },
  });

  // Processing is asynchronous: wait until the four are on the contact.
  await expect(async () => {
    const events = await request.get(`/api/contacts/${zoeId}/events`, { headers: headers() });
    expect((await events.json()).events).toHaveLength(4);
  }).toPass({ timeout: 30_000 });
});

async function openProfile(page: Page) {
  await page.goto(`/login?callbackUrl=${encodeURIComponent(`/contacts/${zoeId}`)}`);
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Zoe Park" })).toBeVisible();
}

const timeline = (page: Page) => page.getByRole("list", { name: "Events, newest first" });
/** The events themselves (a cart's items are list items too, one level down). */
const events = (page: Page) => timeline(page).locator(":scope > li");
const activity = (page: Page) => page.getByRole("region", { name: "Activity" });

test("activity shows product cards, the cart's items, the order's total and items, and custom properties in words", async ({ page }) => {
  const errors = watchConsole(page);
  await openProfile(page);
  await expect(events(page)).toHaveCount(4);

  const [custom, order, cart, viewed] = [0, 1, 2, 3].map((i) => events(page).nth(i));
  // Names in a marketer's words; the version as sent (never "vv1").
  await expect(viewed).toContainText("Viewed a product");
  await expect(viewed.getByTitle("Event version")).toHaveText("v1");
  await expect(activity(page)).not.toContainText("vv1");

  // The product card: image, title linked to the store, price.
  const product = viewed.getByRole("link", { name: /Canvas tote/ });
  await expect(product).toHaveAttribute("href", "https://shop.example.com/p/tote-1");
  await expect(viewed).toContainText("€24.00");
  const image = viewed.locator("img");
  await image.scrollIntoViewIfNeeded();
  await expect(image).toBeVisible();
  // Loaded (lazily, once in view), not a broken image.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // The cart: every item with quantity and price, the total and where to resume.
  await expect(cart).toContainText("Added a product to the cart");
  const cartItems = cart.getByRole("list", { name: "Cart items" }).getByRole("listitem");
  await expect(cartItems).toHaveCount(2);
  await expect(cartItems.nth(1)).toContainText("Wool socks");
  await expect(cartItems.nth(1)).toContainText("2 × €12.00");
  await expect(cart).toContainText("3 items in the cart");
  await expect(cart).toContainText("Cart total €48.00");
  await expect(cart.getByRole("link", { name: /Checkout link/ })).toHaveAttribute("href", "https://shop.example.com/cart/cart-9");

  // The order: its number, total and items.
  await expect(order).toContainText("Placed an order");
  await expect(order).toContainText("Order 1042");
  await expect(order).toContainText("Order total €84.50");
  const orderItems = order.getByRole("list", { name: "Order items" }).getByRole("listitem");
  await expect(orderItems).toHaveCount(3);
  await expect(orderItems.nth(2)).toContainText("Stoneware mug");
  await expect(orderItems.nth(2)).toContainText("1 × €36.50");

  // A custom event: its own name, its properties as a readable list, nested values included, no raw JSON.
  await expect(custom).toContainText("loyalty tier changed");
  await expect(custom).toContainText("Custom event");
  const props = custom.locator("dl").first();
  await expect(props).toContainText("Gold");
  await expect(props).toContainText("free shipping, early access");
  await expect(props).toContainText("12,500");
  await expect(props).toContainText("100045");
  await expect(props).toContainText("Yes");
  await expect(props).not.toContainText("{");
  await expect(props).not.toContainText("2026-11-01T09:30:00Z");
  expect(errors).toEqual([]);
});

test("filters: one event type keeps only those, a time range with nothing in it says so, clearing brings all back", async ({ page }) => {
  const errors = watchConsole(page);
  await openProfile(page);
  await expect(events(page)).toHaveCount(4);
  const filters = page.getByRole("search", { name: "Filter activity" });

  // With the keyboard: Tab to the "Placed an order" type and tick it with Space.
  const placed = filters.getByRole("checkbox", { name: /Placed an order/ });
  await expect(placed).toHaveAccessibleName(/^Placed an order\s*, 1 event$/);
  await placed.focus();
  await page.keyboard.press("Space");
  await expect(placed).toBeChecked();
  await expect(events(page)).toHaveCount(1);
  await expect(events(page).first()).toContainText("Placed an order");
  await expect(activity(page).getByRole("status")).toHaveText("1 event matches");

  // Two types.
  await filters.getByRole("checkbox", { name: /Viewed a product/ }).check();
  await expect(events(page)).toHaveCount(2);
  await expect(events(page).nth(1)).toContainText("Viewed a product");
  await shoot(page, "filtered");

  // A range that holds nothing: the empty state, and clearing from it brings every event back.
  await filters.getByLabel("When").selectOption({ label: "Between dates…" });
  await filters.getByLabel("From").fill("2020-01-01");
  await filters.getByLabel("Until").fill("2020-01-31");
  await expect(activity(page).getByRole("heading", { name: "No events match these filters" })).toBeVisible();
  await expect(timeline(page)).toHaveCount(0);
  await shoot(page, "no-match");
  await activity(page).locator(".empty-state").getByRole("button", { name: "Clear filters" }).click();
  await expect(events(page)).toHaveCount(4);
  await expect(placed).not.toBeChecked();
  await expect(filters.getByLabel("When")).toHaveValue("any");

  // "Last 24 hours" keeps all four (sent minutes ago); the filter bar's own Clear filters button works too.
  await filters.getByLabel("When").selectOption({ label: "Last 24 hours" });
  await placed.check();
  await expect(events(page)).toHaveCount(1);
  await filters.getByRole("button", { name: "Clear filters" }).click();
  await expect(events(page)).toHaveCount(4);
  await expect(filters.getByLabel("When")).toBeFocused();
  expect(errors).toEqual([]);
});

test("the subscription history is readable at 1280 px: nothing clipped, header in view, long sources wrap", async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openProfile(page);
  const history = page.getByRole("table", { name: /Opt-ins and consents/ });
  await expect(history).toContainText("spring-lookbook-landing-page-newsletter-signup-form-footer-variant-b");
  await expect(history).toContainText("IP 198.51.100.23");
  await expect(history.getByRole("columnheader", { name: "Source" })).toBeVisible();
  // The table fits its box: no horizontal scrolling needed to read the Source column.
  const box = page.getByRole("region", { name: "Opt-ins and consents" });
  const { scrollWidth, clientWidth } = await box.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  const section = page.getByRole("region", { name: "Subscription history" });
  await expect(section.getByRole("list", { name: "Current status" })).toContainText("SMS");
  await events(page).first().waitFor();
  await shoot(page, "zoe");
  expect(errors).toEqual([]);
});
