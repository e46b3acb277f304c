import { createCookie, redirect } from "react-router";
import { z } from "../../lib/zod";
import type { ToastMessage } from "../ui/toast";

/*
 * A toast that survives a redirect ("Welcome back!" after sign-in): kept for one request in a
 * short-lived cookie, read and cleared by the root loader.
 */
const flashCookie = createCookie("tokunbo_flash", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

const toastSchema = z.object({
  id: z.string().max(40),
  kind: z.enum(["success", "error", "info"]),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
});

export async function redirectWithToast(
  url: string,
  toast: Omit<ToastMessage, "id">,
  init: { setCookies?: string[] } = {},
): Promise<Response> {
  const headers = new Headers();
  for (const cookie of init.setCookies ?? []) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await flashCookie.serialize({ ...toast, id: crypto.randomUUID() }));
  return redirect(url, { headers });
}

/** The pending toast, if any, and the Set-Cookie that clears it. */
export async function takeFlash(request: Request): Promise<{ toast: ToastMessage | null; clear: string | null }> {
  const header = request.headers.get("cookie");
  if (!header?.includes("tokunbo_flash=")) return { toast: null, clear: null };
  const parsed = toastSchema.safeParse(await flashCookie.parse(header).catch(() => null));
  return { toast: parsed.success ? parsed.data : null, clear: await flashCookie.serialize("", { maxAge: 0 }) };
}
