import { db, type DbClient } from "@/lib/db";
import { newId } from "@/lib/ids";
import { defaultFeatures, type Plan } from "./plans";

export async function createBrand(input: { name: string; plan?: Plan }, client: DbClient = db) {
  const plan = input.plan ?? "free";
  return client.brand.create({
    data: { id: newId(), name: input.name, plan, features: defaultFeatures(plan) },
    select: { id: true, name: true, plan: true },
  });
}
