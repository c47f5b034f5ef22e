// Dashboard sign-in (Auth.js / next-auth v5): email + password, JWT sessions in an http-only cookie.
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { findUserForLogin } from "@/lib/accounts/users";
import { clientAddress } from "@/lib/http/client-address";
import { verifyPassword } from "./passwords";
import { loginBlockedFor, recordLoginFailure, recordLoginSuccess } from "./login-throttle";

class TooManyAttempts extends CredentialsSignin {
  code = "throttled";
}

/** The address the sign-in throttle counts (lib/http/client-address.ts: a client cannot choose it). */
function addressOf(request: Request | undefined): string {
  return (request && clientAddress(request.headers)) || "local";
}

export const { handlers, auth, signIn, signOut } = NextAuth({
  basePath: "/auth",
  // A wrong password is an expected outcome, not a server error worth a stack trace in the log.
  logger: {
    error(error) {
      if (error.name === "CredentialsSignin" || (error as { type?: string }).type === "CredentialsSignin") return;
      console.error(error);
    },
  },
  trustHost: true,
  session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
  pages: { signIn: "/login", error: "/login" },
  providers: [
    Credentials({
      credentials: { email: { label: "Email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, request) {
        const email = String(credentials?.email ?? "")
          .trim()
          .toLowerCase();
        const password = String(credentials?.password ?? "");
        const address = addressOf(request);
        if (await loginBlockedFor(email, address)) throw new TooManyAttempts();
        const user = await findUserForLogin(email);
        const valid = await verifyPassword(user?.passwordHash ?? null, password);
        if (!user || !valid) {
          await recordLoginFailure(email, address);
          return null; // the same answer whether or not the email exists
        }
        await recordLoginSuccess(email);
        return { id: user.id, email: user.email, name: user.name ?? user.email };
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user?.id) token.uid = user.id;
      return token;
    },
    session({ session, token }) {
      if (typeof token.uid === "string") session.user.id = token.uid;
      return session;
    },
  },
});
