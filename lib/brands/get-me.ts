import { db } from "@/lib/db";
import type { Principal } from "@/lib/http/principal";
import { SCOPES } from "@/lib/http/scopes";

export async function describeCaller(auth: Principal) {
  const brand = await db.brand.findUniqueOrThrow({
    where: { id: auth.brandId },
    select: { id: true, name: true, plan: true, postalAddress: true, timeZone: true, defaultSendHour: true },
  });
  return { brand, credential: { kind: auth.kind, scopes: auth.scopes === "all" ? [...SCOPES] : [...auth.scopes] } };
}
