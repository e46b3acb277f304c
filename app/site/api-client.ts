export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; error: string | null };

/**
 * A JSON call to our own /api from the browser. Never throws: a dropped connection on a weak
 * mobile signal comes back as status 0, so the caller can show its failure toast.
 */
export async function callApi<T>(method: "GET" | "POST" | "PATCH" | "DELETE", url: string, body?: unknown): Promise<ApiResult<T>> {
  try {
    const response = await fetch(url, {
      method,
      headers: body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
    const json = (await response.json().catch(() => null)) as (T & { error?: string }) | null;
    if (!response.ok || json === null) return { ok: false, status: response.status, error: json?.error ?? null };
    return { ok: true, data: json };
  } catch {
    return { ok: false, status: 0, error: null };
  }
}
