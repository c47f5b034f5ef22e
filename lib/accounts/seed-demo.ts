// First run: an empty database gets a demo brand and a demo user with a random password.
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import { createBrand } from "@/lib/brands/create-brand";
import { createUser } from "./users";

export const DEMO_EMAIL = "demo@inkwell.local";

/**
 * Seeds when no user exists yet; returns the login to print once, or null when nothing was seeded.
 * The check and the writes are one transaction, and a concurrent first start that seeded meanwhile
 * makes this one a no-op (scripts/db/prepare.ts also serializes starts on a database instances share).
 */
export async function seedDemoIfEmpty(): Promise<{ email: string; password: string; brandId: string; brandName: string } | null> {
  if ((await db.user.count()) > 0) return null;
  const password = randomBytes(12).toString("base64url");
  try {
    return await db.$transaction(async (tx) => {
      if ((await tx.user.count()) > 0) return null;
      const brand = await createBrand({ name: "Demo Brand", plan: "pro" }, tx);
      await createUser({ email: DEMO_EMAIL, password, brandId: brand.id, isOperator: true }, tx);
      return { email: DEMO_EMAIL, password, brandId: brand.id, brandName: brand.name };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}
