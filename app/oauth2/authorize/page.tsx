// GET /oauth2/authorize: validates the authorization request, then shows the consent page (or an error
// page when the app or its redirect address cannot be trusted). Allow/Deny post to ./decision.
import type { Metadata } from "next";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { auth } from "@/lib/auth/config";
import { BRAND_COOKIE } from "@/lib/auth/session-cookie";
import { activeBrandId, brandsOfUser } from "@/lib/brands/memberships";
import { db } from "@/lib/db";
import { authorizeQuery, redirectWith, validateAuthorizeRequest } from "@/lib/oauth/authorize-request";
import { consentToken } from "@/lib/oauth/consent-token";
import { AuthorizeError } from "@/components/oauth/authorize-error";
import { ConsentForm } from "@/components/oauth/consent-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Authorize app", referrer: "same-origin", robots: { index: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function toQuery(params: Record<string, string | string[] | undefined>): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) query.append(name, v);
  }
  return query;
}

export default async function AuthorizePage({ searchParams }: { searchParams: SearchParams }) {
  const query = toQuery(await searchParams);
  const validation = await validateAuthorizeRequest(query);
  if (validation.kind === "fatal") return <AuthorizeError title={validation.title} message={validation.message} />;

  if (validation.kind === "redirect-error") {
    redirect(
      redirectWith(validation.redirectUri, { error: validation.error, error_description: validation.description, state: validation.state }),
    );
  }

  const session = await auth();
  const userId = session?.user?.id;
  if (!userId) redirect("/login?callbackUrl=" + encodeURIComponent(`/oauth2/authorize?${query.toString()}`));

  const brands = await brandsOfUser(userId);
  if (brands.length === 0) return <AuthorizeError title="No brand to connect" message="Your account does not belong to any brand yet." />;
  const defaultBrandId = (await activeBrandId(userId, (await cookies()).get(BRAND_COOKIE)?.value ?? null)) ?? brands[0].id;
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true } });

  const canonical = authorizeQuery(validation.params);
  return (
    <ConsentForm
      appName={validation.client.name}
      developer={validation.client.developer}
      scopes={validation.params.scopes}
      brands={brands}
      defaultBrandId={defaultBrandId}
      userEmail={user?.email ?? null}
      fields={Object.fromEntries(canonical)}
      csrfToken={consentToken(userId, canonical.toString())}
    />
  );
}
