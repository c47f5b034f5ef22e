"use server";
// Dashboard-wide server actions: sign out, and choose which of the user's brands the dashboard acts for.
import { config } from "@/lib/config";
import { cookies } from "next/headers";
import { refresh } from "next/cache";
import { auth, signOut } from "@/lib/auth/config";
import { BRAND_COOKIE } from "@/lib/auth/session-cookie";
import { brandsOfUser } from "@/lib/brands/memberships";

export async function signOutAction(): Promise<void> {
  (await cookies()).delete(BRAND_COOKIE);
  await signOut({ redirectTo: "/login" });
}

export async function switchBrandAction(brandId: string): Promise<{ ok: boolean }> {
  const userId = (await auth())?.user?.id;
  if (!userId) return { ok: false };
  const member = (await brandsOfUser(userId)).some((b) => b.id === brandId);
  if (!member) return { ok: false };
  (await cookies()).set(BRAND_COOKIE, brandId, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: config().appOrigin.startsWith("https://"),
    maxAge: 365 * 24 * 60 * 60,
  });
  refresh();
  return { ok: true };
}
