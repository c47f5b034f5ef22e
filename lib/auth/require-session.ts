// The dashboard's gate: the signed-in user, their brands and the brand they act for, or a redirect to
// /login that brings them back to the page they asked for. Pages may call it too (layouts are not
// re-rendered on client-side navigation, so a page that reads data should check for itself).
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { auth } from "@/lib/auth/config";
import { loginUrlFor, PATH_HEADER } from "@/lib/auth/callback-url";
import { BRAND_COOKIE } from "@/lib/auth/session-cookie";
import { brandsOfUser, type BrandChoice } from "@/lib/brands/memberships";

export type DashboardSession = { userId: string; email: string; brands: BrandChoice[]; brand: BrandChoice | null };

export async function requireSession(): Promise<DashboardSession> {
  const session = await auth();
  const userId = session?.user?.id;
  if (!userId) {
    const path = (await headers()).get(PATH_HEADER);
    redirect(loginUrlFor(path));
  }
  const brands = await brandsOfUser(userId);
  const wanted = (await cookies()).get(BRAND_COOKIE)?.value;
  const brand = brands.find((b) => b.id === wanted) ?? brands[0] ?? null;
  return { userId, email: session.user?.email ?? "", brands, brand };
}
