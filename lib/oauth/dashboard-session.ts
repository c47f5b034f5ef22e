// The signed-in user behind a dashboard page or server action; signs the user in when there is none.
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { auth } from "@/lib/auth/config";
import { BRAND_COOKIE } from "@/lib/auth/session-cookie";
import { activeBrandId } from "@/lib/brands/memberships";
import { db } from "@/lib/db";

export async function requireUser(returnTo: string): Promise<{ userId: string; email: string; isOperator: boolean }> {
  const session = await auth();
  const userId = session?.user?.id;
  const user = userId ? await db.user.findUnique({ where: { id: userId }, select: { id: true, email: true, isOperator: true } }) : null;
  if (!user) redirect("/login?callbackUrl=" + encodeURIComponent(returnTo));
  return { userId: user.id, email: user.email, isOperator: user.isOperator };
}

export async function requireBrand(returnTo: string): Promise<{ userId: string; brandId: string | null }> {
  const { userId } = await requireUser(returnTo);
  const brandId = await activeBrandId(userId, (await cookies()).get(BRAND_COOKIE)?.value ?? null);
  return { userId, brandId };
}
