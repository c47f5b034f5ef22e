// Password hashing with argon2id (OWASP parameters) and the password policy.
import { hash, verify } from "@node-rs/argon2";
import { z } from "zod";

const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const Password = z
  .string()
  .min(10, "Use at least 10 characters")
  .max(200, "Use at most 200 characters")
  .refine((p) => new Set(p).size >= 5, "Use a less repetitive password")
  .refine((p) => !COMMON.has(p.toLowerCase()), "This password is too common; choose another");

const COMMON = new Set([
  "password123",
  "password1234",
  "1234567890",
  "qwertyuiop",
  "iloveyou123",
  "letmein123",
  "welcome123",
  "passw0rd123",
  "administrator",
  "0987654321",
]);

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

// Verifying against a real hash when the account does not exist keeps both paths equally slow, so the
// timing of a failed login does not reveal whether the email is registered.
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    dummyHash ??= hash("inkwell-dummy-password", ARGON2);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
