import { randomBytes, timingSafeEqual } from "node:crypto";
import { keystaticRoute } from "../keystatic-route";
import type { EditorServerConfig } from "./config";

/*
 * Keystatic's GitHub sign-in, made safe for a public host:
 * - its OAuth callback never checks `state` (a `code` alone signs the browser in: login CSRF). Sign-in here
 *   puts a random state in an HttpOnly cookie and in GitHub's authorize address, and the callback refuses
 *   any answer whose state does not match that cookie;
 * - its cookies are Secure only when NODE_ENV=production: here whenever the editor's URL is https;
 * - EDITOR_ALLOWED_USERS: a login outside the list is refused, and its new token revoked, whenever a token is
 *   handed out: at the callback and at each renewal with the refresh token (which lasts months);
 * - sign-out revokes the token and clears the cookies even when GitHub does not answer, and ends on a page
 *   that does not sign straight back in.
 */

/** Keystatic's route handler: what `makeGenericAPIRouteHandler` returns. */
export type KeystaticHandler = (request: Request) => Promise<{ status?: number; headers?: HeadersInit | [string, string][]; body?: BodyInit | null }>;
type Log = { info(fields: Record<string, unknown>): void; warn(fields: Record<string, unknown>): void };

export const stateCookie = "editor-oauth-state";
const accessCookie = "keystatic-gh-access-token";
const refreshCookie = "keystatic-gh-refresh-token";
const statePattern = /^[\da-f]{20,64}$/;
const authorizeUrl = "https://github.com/login/oauth/authorize";

const decoded = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // a malformed cookie is just a value that matches nothing
  }
};

export function parseCookies(header: string | null): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0) cookies[part.slice(0, eq).trim()] ??= decoded(part.slice(eq + 1).trim());
  }
  return cookies;
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Keystatic's answer as a fetch Response (its headers may be a list with several Set-Cookie). */
function toResponse(result: Awaited<ReturnType<KeystaticHandler>>) {
  const headers = new Headers();
  const raw = result.headers ?? [];
  const entries = Array.isArray(raw) ? raw : raw instanceof Headers ? [...raw] : Object.entries(raw);
  for (const [name, value] of entries) headers.append(name, value);
  return new Response(result.body ?? null, { status: result.status ?? 200, headers });
}

function page(status: number, text: string, headers = new Headers()) {
  headers.set("content-type", "text/plain; charset=utf-8");
  return new Response(`${text}\n`, { status, headers });
}

export function safeSignIn(handler: KeystaticHandler, config: EditorServerConfig, log: Log) {
  const secure = config.url.protocol === "https:";
  const cookie = (name: string, value: string, maxAge: number) =>
    `${name}=${value}; Path=/api/keystatic/github; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;

  /** Every cookie: host-only (Keystatic never sets Domain), SameSite=Lax, and Secure on https. */
  function harden(response: Response) {
    const cookies = response.headers.getSetCookie();
    if (!cookies.length) return response;
    response.headers.delete("set-cookie");
    for (let value of cookies) {
      if (/;\s*domain=/i.test(value)) value = value.replace(/;\s*domain=[^;]*/gi, "");
      if (!/;\s*samesite=/i.test(value)) value += "; SameSite=Lax";
      if (secure && !/;\s*secure(;|$)/i.test(value)) value += "; Secure";
      response.headers.append("set-cookie", value);
    }
    return response;
  }

  /**
   * A redirect to GitHub's authorize page (sign-in, and Keystatic's repo-not-found route when the refresh
   * fails) carries a state this browser also holds in a cookie. Keystatic adds a state only when it has a page
   * to come back to (its `ks-<state>` cookie): then that state is used, else a new one.
   */
  function withState(response: Response) {
    const location = response.headers.get("location");
    if (!location?.startsWith(authorizeUrl)) return response;
    const authorize = new URL(location);
    const state = authorize.searchParams.get("state") ?? randomBytes(20).toString("hex");
    authorize.searchParams.set("state", state);
    response.headers.set("location", authorize.href);
    response.headers.append("set-cookie", cookie(stateCookie, state, 600));
    return response;
  }

  async function callback(request: Request) {
    const state = new URL(request.url).searchParams.get("state") ?? "";
    const expected = parseCookies(request.headers.get("cookie"))[stateCookie] ?? "";
    const cleared = new Headers({ "set-cookie": cookie(stateCookie, "", 0) });
    if (!statePattern.test(expected) || !sameText(state, expected)) {
      log.warn({ msg: "editor sign-in refused", reason: expected ? "state does not match" : "no sign-in started in this browser" });
      return page(403, "Sign-in refused: this answer from GitHub does not belong to a sign-in started in this browser. Open the editor and sign in again.", cleared);
    }
    const response = toResponse(await handler(request));
    response.headers.append("set-cookie", cleared.get("set-cookie")!);
    const token = newToken(response);
    if (!token) return response;
    const { refused, login } = await checkUser(token, cleared);
    if (refused) return refused;
    log.info({ msg: "editor sign-in", login });
    return response;
  }

  const newToken = (response: Response) => response.headers.getSetCookie().map((value) => parseCookies(value)[accessCookie]).find(Boolean);

  /** With EDITOR_ALLOWED_USERS: a refusal (the new token revoked, both cookies expired) when the token's user is not listed. */
  async function checkUser(token: string, headers = new Headers()): Promise<{ refused?: Response; login?: string }> {
    if (!config.allowedUsers) return {};
    const login = await githubLogin(token);
    if (login && config.allowedUsers.includes(login.toLowerCase())) return { login };
    await revoke(token);
    log.warn({ msg: "editor sign-in refused", reason: login ? "not in EDITOR_ALLOWED_USERS" : "GitHub did not name the user", login });
    for (const name of [accessCookie, refreshCookie]) headers.append("set-cookie", `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`);
    return { refused: page(403, `Sign-in refused: ${login ?? "this GitHub account"} is not one of the editor's users. Ask the site's operator to add you to EDITOR_ALLOWED_USERS.`, headers) };
  }

  /** Keystatic's renewals (refresh-token, and repo-not-found when it renews): the same list as at sign-in. */
  async function renewal(request: Request) {
    const response = toResponse(await handler(request));
    const token = newToken(response);
    return (token && (await checkUser(token)).refused) || response;
  }

  async function githubLogin(token: string) {
    const res = await fetch("https://api.github.com/user", { headers: { authorization: `Bearer ${token}`, accept: "application/vnd.github+json" } });
    if (!res.ok) return undefined;
    const user = (await res.json()) as { login?: unknown };
    return typeof user.login === "string" ? user.login : undefined;
  }

  async function revoke(token: string) {
    try {
      const res = await fetch(`https://api.github.com/applications/${config.clientId}/token`, {
        method: "DELETE",
        headers: { authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`, accept: "application/vnd.github+json", "content-type": "application/json" },
        body: JSON.stringify({ access_token: token }),
      });
      if (!res.ok && res.status !== 404) log.warn({ msg: "editor token revoke failed", status: res.status });
    } catch (error) {
      log.warn({ msg: "editor token revoke failed", error: (error as Error).message });
    }
  }

  async function logout(request: Request) {
    // The token is revoked here, where a failure is logged and never keeps the cookies (Keystatic's own revocation
    // throws when GitHub cannot be reached, and the browser would stay signed in). Keystatic then only expires them.
    const cookies = parseCookies(request.headers.get("cookie"));
    if (cookies[accessCookie]) await revoke(cookies[accessCookie]);
    const headers = new Headers(request.headers);
    headers.delete("cookie");
    const response = toResponse(await handler(new Request(request.url, { method: request.method, headers })));
    // Its own redirect goes back to the editor, which would sign straight in again through GitHub.
    if (response.headers.has("location")) response.headers.set("location", "/signed-out");
    log.info({ msg: "editor sign-out" });
    return response;
  }

  return async (request: Request): Promise<Response> => {
    const path = keystaticRoute(new URL(request.url).pathname);
    if (path === undefined) return page(400, "Bad request");
    if (path === "github/oauth/callback") return harden(await callback(request));
    if (path === "github/logout") return harden(await logout(request));
    if (path === "github/refresh-token" || path === "github/repo-not-found") return harden(withState(await renewal(request)));
    return harden(withState(toResponse(await handler(request))));
  };
}
