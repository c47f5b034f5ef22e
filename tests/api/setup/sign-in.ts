// Signs a dashboard user in through the real Auth.js endpoints of a server and returns the Cookie
// header of the session (no vitest here: the fuzz command uses it too).
function cookiesFrom(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(";")[0]);
}

export async function signInAt(baseUrl: string, email: string, password: string): Promise<string> {
  const csrfRes = await fetch(baseUrl + "/auth/csrf");
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const res = await fetch(baseUrl + "/auth/callback/credentials", {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookiesFrom(csrfRes).join("; ") },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: baseUrl + "/" }),
  });
  const session = cookiesFrom(res).find((c) => c.startsWith("authjs.session-token="));
  if (!session) throw new Error(`sign-in failed for ${email}: ${res.status} ${res.headers.get("location")}`);
  return session;
}
