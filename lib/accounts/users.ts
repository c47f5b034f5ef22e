// Users and sign-up.
import { z } from "zod";
import { db, type DbClient } from "@/lib/db";
import { newId } from "@/lib/ids";
import { ApiProblem } from "@/lib/http/problems";
import { hashPassword, Password } from "@/lib/auth/passwords";
import { createBrand } from "@/lib/brands/create-brand";

export const Email = z.string().trim().toLowerCase().max(254).pipe(z.email("Enter a valid email address"));

export async function createUser(
  input: { email: string; password: string; brandId: string; role?: string; isOperator?: boolean },
  client: DbClient = db,
) {
  const email = Email.parse(input.email);
  const existing = await client.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) throw new ApiProblem("conflict", "An account with this email already exists");
  const passwordHash = await hashPassword(input.password);
  const userId = newId();
  await client.user.create({
    data: {
      id: userId,
      email,
      passwordHash,
      isOperator: input.isOperator ?? false,
      memberships: { create: { id: newId(), brandId: input.brandId, role: input.role ?? "owner" } },
    },
  });
  return { userId };
}

export const SignupInput = z.object({
  email: Email,
  password: Password,
  brandName: z.string().trim().min(1, "Name your brand").max(100, "Use at most 100 characters"),
});

/** Creates a user and their first brand together. */
export async function signUp(input: z.input<typeof SignupInput>) {
  const data = SignupInput.parse(input);
  return db.$transaction(async (tx) => {
    const brand = await createBrand({ name: data.brandName }, tx);
    const { userId } = await createUser({ email: data.email, password: data.password, brandId: brand.id }, tx);
    return { userId, brandId: brand.id };
  });
}

export async function findUserForLogin(email: string) {
  const parsed = Email.safeParse(email);
  if (!parsed.success) return null;
  return db.user.findUnique({ where: { email: parsed.data }, select: { id: true, email: true, name: true, passwordHash: true } });
}
