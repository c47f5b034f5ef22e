// The apps a brand has authorized, for its settings page, and revoking them.
import { db } from "@/lib/db";
import { sortScopes, scopesFromJson } from "./scopes";

export type ConnectedApp = {
  /** OAuthClient row id */
  id: string;
  name: string;
  developer: string;
  scopes: string[];
  authorizedAt: Date;
  lastUsedAt: Date | null;
};

export async function listConnectedApps(brandId: string): Promise<ConnectedApp[]> {
  const grants = await db.oAuthGrant.findMany({
    where: { brandId, revokedAt: null },
    orderBy: { id: "asc" },
    take: 1000,
    select: {
      scopes: true,
      createdAt: true,
      lastUsedAt: true,
      client: { select: { id: true, name: true, contactEmail: true, owner: { select: { name: true, email: true } } } },
    },
  });
  const apps = new Map<string, ConnectedApp>();
  for (const g of grants) {
    const existing = apps.get(g.client.id);
    if (!existing) {
      apps.set(g.client.id, {
        id: g.client.id,
        name: g.client.name,
        developer: g.client.owner?.name || g.client.contactEmail || g.client.owner?.email || "the Inkwell operator",
        scopes: scopesFromJson(g.scopes),
        authorizedAt: g.createdAt,
        lastUsedAt: g.lastUsedAt,
      });
      continue;
    }
    existing.scopes = sortScopes([...existing.scopes, ...scopesFromJson(g.scopes)]);
    if (g.lastUsedAt && (!existing.lastUsedAt || g.lastUsedAt > existing.lastUsedAt)) existing.lastUsedAt = g.lastUsedAt;
  }
  return [...apps.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Ends every authorization the app holds for the brand; its tokens stop working on the next request. */
export async function revokeConnectedApp(brandId: string, clientDbId: string): Promise<number> {
  const { count } = await db.oAuthGrant.updateMany({
    where: { brandId, clientId: clientDbId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  return count;
}
