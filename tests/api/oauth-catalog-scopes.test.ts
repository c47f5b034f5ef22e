// The published scopes of the catalog, image and batch APIs can be granted, and the consent page
// names each one in plain words.
import { expect, it } from "vitest";
import { createSession, createTestBrand } from "./helpers";
import { authorizePath, consentFields, createTestClient, get } from "./oauth-helpers";

it("products.*, images.* and events.read appear on the consent page in plain words", async () => {
  const brand = await createTestBrand();
  const session = await createSession(brand.brandId);
  const scopes = ["products.read", "products.write", "images.read", "images.write", "events.read"];
  const client = await createTestClient({ scopes });
  const res = await get(
    authorizePath({
      response_type: "code",
      client_id: client.clientId,
      redirect_uri: client.redirectUri,
      scope: scopes.join(" "),
      state: "s",
    }),
    session.cookie,
  );
  expect(res.status).toBe(200);
  const html = await res.text();
  for (const words of [
    "See your store&#x27;s products and product categories",
    "Add, change and remove products and product categories in your store&#x27;s catalog",
    "See the images in your image library",
    "Upload images to your image library and delete them",
    "See the batches of customer events sent on your behalf and their results",
  ])
    expect(html).toContain(words);
  expect(consentFields(html).scope).toBe("events.read products.read products.write images.read images.write");
});
