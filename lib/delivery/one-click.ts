// RFC 8058: a one-click unsubscribe is a POST whose body (application/x-www-form-urlencoded or
// multipart/form-data) carries List-Unsubscribe=One-Click.
export async function isOneClick(request: Request): Promise<boolean> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return false;
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  return form?.get("List-Unsubscribe") === "One-Click";
}
