import { randomBytes, timingSafeEqual } from "node:crypto";
import { keystaticRoute } from "../keystatic-route";
import type { EditorServerConfig } from "./config";
import { signOutPage } from "./page";

/*
 * Keystatic's GitHub sign-in, made safe for a public host (decisions 27 and 33):
 * - its OAuth callback never checks `state` (a `code` alone signs the browser in: login CSRF). Sign-in here
 *   puts a random state in a `__Host-` cookie and in GitHub's authorize address, and the callback refuses any
 *   answer whose state does not match that cookie. A `__Host-` cookie cannot be planted by a sibling host
 *   (no Domain, Path=/, Secure), and a request carrying two cookies of a name the editor reads is refused;
 * - the cookies the server keeps for itself have `__Host-` names (Keystatic's refresh-token cookie is renamed
 *   on the way out and back on the way in); Keystatic's page reads `keystatic-gh-access-token` by that name,
 *   so that one keeps it, and a second copy of it refuses the request;
 * - Keystatic's `from` (where to land after sign-in) is bounded and kept in the state cookie, never in a
 *   cookie of its own per sign-in (a link with a 4 KB `from` set one for a day each);
 * - EDITOR_ALLOWED_USERS is matched on GitHub's numeric account id whenever a token is handed out (callback
 *   and every renewal); a refused token's grant is deleted, and GitHub being unreachable signs nobody in;
 * - sign-out is a POST from the editor's own page (a GET only asks) and deletes the whole grant at GitHub:
 *   with the access token, or with a new one bought with the refresh token when the access token is gone.
 * The routes and the methods Keystatic uses on them are listed below; anything else is 404 or 405.
 */

/** Keystatic's route handler: what `makeGenericAPIRouteHandler` returns. */
export type KeystaticHandler = (request: Request) => Promise<{ status?: number; headers?: HeadersInit | [string, string][]; body?: BodyInit | null }>;
type Log = { info(fields: Record<string, unknown>): void; warn(fields: Record<string, unknown>): void };

export const stateCookie = "__Host-editor-oauth-state";
export const refreshCookie = "__Host-editor-refresh";
export const accessCookie = "keystatic-gh-access-token";
const keystaticRefreshCookie = "keystatic-gh-refresh-token";
/** Names the editor (or Keystatic's page) reads: two of one name means one was planted. */
export const guardedCookies = [stateCookie, refreshCookie, accessCookie];
/** Cookies of earlier versions: expired whenever the editor ends a sign-in. */
const legacyCookies = [`${keystaticRefreshCookie}=; Path=/`, "editor-oauth-state=; Path=/api/keystatic/github"];

/** The routes of Keystatic's GitHub mode and the methods its page uses on each. */
export const keystaticMethods: Record<string, string[]> = {
  "github/login": ["GET"],
  "github/oauth/callback": ["GET"],
  "github/repo-not-found": ["GET"],
  "github/refresh-token": ["POST"],
  "github/logout": ["GET", "POST"],
};

const statePattern = /^[\da-f]{40}$/;
const authorizeUrl = "https://github.com/login/oauth/authorize";
// Keystatic's own test of `from` (a path of its editor), with a length no real one needs.
const keystaticFrom = /^branch\/[^]+(\/collection\/[^/]+(|\/(create|item\/[^/]+))|\/singleton\/[^/]+)?$/;
const maxFromLength = 300;

const decoded = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // a malformed cookie is just a value that matches nothing
  }
};

/** Every cookie of a Cookie header, in order, duplicates included. */
export function cookiePairs(header: string | null): [string, string][] {
  const pairs: [string, string][] = [];
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0) pairs.push([part.slice(0, eq).trim(), decoded(part.slice(eq + 1).trim())]);
  }
  return pairs;
}

/** The cookies by name (read only after `duplicateCookie` found none twice). */
export const parseCookies = (header: string | null): Record<string, string> => Object.fromEntries(cookiePairs(header).reverse());

/** A cookie name the editor reads that the request carries twice, or undefined. */
export function duplicateCookie(header: string | null) {
  const names = cookiePairs(header).map(([name]) => name);
  return guardedCookies.find((name) => names.indexOf(name) !== names.lastIndexOf(name));
}

/** `from` as Keystatic would accept it, and short: anything else is dropped (the editor opens on its start page). */
export function boundedFrom(raw: string | null | undefined) {
  // Printable ASCII only: Keystatic writes it into a Location header, which cannot carry other characters.
  if (!raw || raw.length > maxFromLength || !/^[\x21-\x7e]+$/.test(raw) || !keystaticFrom.test(raw)) return undefined;
  return raw;
}

/** Equal texts, compared in constant time (by bytes: a character outside ASCII is several). */
export const sameText = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The access token among Keystatic's raw Set-Cookie headers (read before anything else can throw). */
function rawToken(result: Awaited<ReturnType<KeystaticHandler>>) {
  const raw = result.headers ?? [];
  const entries = Array.isArray(raw) ? raw : raw instanceof Headers ? [...raw] : Object.entries(raw);
  return entries.filter(([name]) => name.toLowerCase() === "set-cookie").map(([, value]) => parseCookies(value)[accessCookie]).find(Boolean);
}

/** GitHub not answering in time (GitHub's calls here and Keystatic's, which cannot be given a signal). */
class Timeout extends Error {}

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

const expire = (cookie: string) => `${cookie}; Max-Age=0; HttpOnly; Secure; SameSite=Lax`;
/** Set-Cookie headers that end a sign-in in this browser: every cookie the editor sets, old names too. */
function signedOutCookies(request: Request) {
  const headers = new Headers();
  for (const cookie of [`${accessCookie}=; Path=/`, `${refreshCookie}=; Path=/`, `${stateCookie}=; Path=/`, ...legacyCookies]) headers.append("set-cookie", expire(cookie));
  // An access cookie planted by a sibling host on a longer path (it is sent first, so it is the one read).
  const segments = new URL(request.url).pathname.split("/").filter(Boolean);
  for (let i = 1; i <= segments.length; i++) headers.append("set-cookie", expire(`${accessCookie}=; Path=/${segments.slice(0, i).join("/")}`));
  for (const [name] of cookiePairs(request.headers.get("cookie"))) if (/^ks-[\da-f]+$/.test(name)) headers.append("set-cookie", expire(`${name}=; Path=/`));
  return headers;
}

export function safeSignIn(keystatic: KeystaticHandler, config: EditorServerConfig, log: Log, options: { githubTimeoutMs?: number } = {}) {
  const timeoutMs = options.githubTimeoutMs ?? 10_000;
  /**
   * Keystatic's handler (it calls GitHub without a time limit): given up after the timeout, and a token it
   * still obtains afterwards has its grant deleted, so a sign-in given up on leaves nothing alive.
   */
  const handler: KeystaticHandler = (request) => {
    const work = keystatic(request);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new Timeout());
        void work.then((result) => {
          const token = rawToken(result);
          if (token) return endGrant(token);
        }, () => {});
      }, timeoutMs);
    });
    return Promise.race([work, late]).finally(() => clearTimeout(timer));
  };
  const unreachable = (headers: Headers) => page(503, "GitHub could not be reached, so nobody was signed in. Try again in a minute.", headers);
  const stateSetCookie = (value: string, maxAge: number) => `${stateCookie}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=Lax`;

  /** What Keystatic's handler is given: the route's address and only the cookies it needs, by its own names. */
  const keystaticRequest = (url: URL, method: string, cookies: Record<string, string> = {}) =>
    new Request(url, { method, headers: { cookie: Object.entries(cookies).map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("; ") } });
  const withRefresh = (cookies: Record<string, string>): Record<string, string> => (cookies[refreshCookie] ? { [keystaticRefreshCookie]: cookies[refreshCookie] } : {});

  /** Every cookie Keystatic sets: host-only, Secure, SameSite=Lax; its refresh token under a `__Host-` name; no `ks-*`. */
  function harden(response: Response) {
    const cookies = response.headers.getSetCookie();
    if (!cookies.length) return response;
    response.headers.delete("set-cookie");
    for (let value of cookies) {
      if (value.startsWith("ks-") && !/Max-Age=0/.test(value)) continue;
      if (value.startsWith(`${keystaticRefreshCookie}=`) && !/Max-Age=0/.test(value)) value = refreshCookie + value.slice(keystaticRefreshCookie.length);
      value = value.replace(/;\s*domain=[^;]*/gi, "");
      if (!/;\s*samesite=/i.test(value)) value += "; SameSite=Lax";
      if (!/;\s*secure(;|$)/i.test(value)) value += "; Secure";
      response.headers.append("set-cookie", value);
    }
    return response;
  }

  /**
   * A redirect to GitHub's authorize page (sign-in, and repo-not-found when the refresh fails) carries a new
   * state this browser also holds in its state cookie, with the bounded `from` beside it.
   */
  function withState(response: Response, from: string | undefined) {
    const location = response.headers.get("location");
    if (!location?.startsWith(authorizeUrl)) return response;
    const authorize = new URL(location);
    const state = randomBytes(20).toString("hex");
    authorize.searchParams.set("state", state);
    response.headers.set("location", authorize.href);
    response.headers.append("set-cookie", stateSetCookie(from ? `${state}.${encodeURIComponent(from)}` : state, 600));
    return response;
  }

  async function toGitHub(request: Request, route: string, cookies: Record<string, string>) {
    const url = new URL(request.url);
    const from = boundedFrom(url.searchParams.get("from"));
    url.searchParams.delete("from");
    if (route === "github/login") return withState(toResponse(await handler(keystaticRequest(url, "GET"))), from);
    // repo-not-found renews the token when it can (then the same check as any renewal), else signs in again.
    const response = toResponse(await handler(keystaticRequest(url, "GET", withRefresh(cookies))).catch(timedOut));
    const token = newToken(response);
    if (token) return (await checkUser(token, request)).refused ?? response;
    return withState(response, from);
  }

  async function callback(request: Request, cookies: Record<string, string>) {
    const url = new URL(request.url);
    const state = url.searchParams.get("state") ?? "";
    // "<state>" or "<state>.<from>" (the cookie's value, already decoded once as every cookie is).
    const value = cookies[stateCookie] ?? "";
    const dot = value.indexOf(".");
    const [expected, from] = dot < 0 ? [value, undefined] : [value.slice(0, dot), value.slice(dot + 1)];
    const cleared = signedOutCookies(request);
    if (!statePattern.test(expected) || !sameText(state, expected)) {
      // Only the state is spent: a link to this address must not sign anyone out either.
      log.warn({ msg: "editor sign-in refused", reason: expected ? "state does not match" : "no sign-in started in this browser" });
      return page(403, "Sign-in refused: this answer from GitHub does not belong to a sign-in started in this browser. Open the editor and sign in again.", new Headers({ "set-cookie": expire(`${stateCookie}=; Path=/`) }));
    }
    const landing = boundedFrom(from);
    let result: Awaited<ReturnType<KeystaticHandler>>;
    try {
      result = await handler(keystaticRequest(url, "GET", landing ? { [`ks-${state}`]: landing } : {}));
    } catch (error) {
      if (!(error instanceof Timeout)) throw error;
      log.warn({ msg: "editor sign-in refused", reason: "GitHub could not be reached", detail: "timeout" });
      return unreachable(cleared);
    }
    let response: Response;
    try {
      response = toResponse(result);
    } catch (error) {
      // The code is spent and a grant exists: it must not outlive an answer that could not be given.
      const token = rawToken(result);
      if (token) await endGrant(token);
      log.warn({ msg: "editor sign-in refused", reason: "Keystatic's answer could not be sent", detail: (error as Error).message });
      return page(400, "Sign-in refused: the answer could not be sent to this browser. Open the editor and sign in again.", cleared);
    }
    // The state and any `ks-*` cookie of an earlier version are spent; the new tokens' cookies follow.
    for (const value of cleared.getSetCookie()) if (!value.startsWith(`${accessCookie}=`) && !value.startsWith(`${refreshCookie}=`)) response.headers.append("set-cookie", value);
    const token = newToken(response);
    if (!token) return response;
    const { refused, login } = await checkUser(token, request);
    if (refused) return refused;
    log.info({ msg: "editor sign-in", ...(login ? { login } : {}) });
    return response;
  }

  /** A renewal given up on: Keystatic's own answer when renewal fails (its page then asks to sign in again). */
  const timedOut = (error: unknown) => {
    if (!(error instanceof Timeout)) throw error;
    log.warn({ msg: "editor renewal failed", reason: "GitHub could not be reached", detail: "timeout" });
    return { status: 503, body: "GitHub could not be reached, try again" };
  };

  const newToken = (response: Response) => response.headers.getSetCookie().map((value) => parseCookies(value)[accessCookie]).find(Boolean);

  /**
   * With EDITOR_ALLOWED_USERS: the token's account, by numeric id. Someone else, or GitHub not answering, is a
   * refusal: the new token's grant deleted and the cookies expired, so nobody is signed in.
   */
  async function checkUser(token: string, request: Request): Promise<{ refused?: Response; login?: string }> {
    if (!config.allowedUsers) return {};
    const user = await githubUser(token);
    const allowed = "id" in user ? config.allowedUsers.find((entry) => entry.id === user.id) : undefined;
    if (allowed && "login" in user) {
      if (allowed.login !== user.login.toLowerCase()) log.warn({ msg: "editor user renamed", listed: allowed.login, login: user.login, id: user.id });
      return { login: user.login };
    }
    await endGrant(token);
    const headers = signedOutCookies(request);
    if ("unreachable" in user) {
      log.warn({ msg: "editor sign-in refused", reason: "GitHub could not be reached", detail: user.unreachable });
      return { refused: page(503, "GitHub could not be reached to confirm who you are, so nobody was signed in. Try again in a minute.", headers) };
    }
    const name = "login" in user ? user.login : undefined;
    log.warn({ msg: "editor sign-in refused", reason: "not in EDITOR_ALLOWED_USERS", login: name, id: "id" in user ? user.id : undefined });
    return { refused: page(403, `Sign-in refused: ${name ?? "this GitHub account"} is not one of the editor's users. Ask the site's operator to add you to EDITOR_ALLOWED_USERS.`, headers) };
  }

  /** GitHub's /user for a token: its login and id, a refusal (401), or why it could not be read. */
  async function githubUser(token: string): Promise<{ login: string; id: number } | { refused: true } | { unreachable: string }> {
    try {
      const res = await fetch("https://api.github.com/user", { headers: { authorization: `Bearer ${token}`, accept: "application/vnd.github+json" }, signal: AbortSignal.timeout(timeoutMs) });
      if (res.status === 401) return { refused: true };
      if (!res.ok) return { unreachable: `status ${res.status}` };
      const user = (await res.json()) as { login?: unknown; id?: unknown };
      if (typeof user.login !== "string" || typeof user.id !== "number") return { unreachable: "an answer without login and id" };
      return { login: user.login, id: user.id };
    } catch (error) {
      return { unreachable: (error as Error).message };
    }
  }

  /** DELETE /applications/{client_id}/grant: every token of this user for the app. */
  async function endGrant(token: string): Promise<"ended" | "unknown token" | "failed"> {
    try {
      const res = await fetch(`https://api.github.com/applications/${config.clientId}/grant`, {
        method: "DELETE",
        headers: { authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`, accept: "application/vnd.github+json", "content-type": "application/json" },
        body: JSON.stringify({ access_token: token }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (res.status === 204) return "ended";
      if (res.status === 404 || res.status === 422) return "unknown token";
      log.warn({ msg: "editor grant deletion failed", status: res.status });
    } catch (error) {
      log.warn({ msg: "editor grant deletion failed", error: (error as Error).message });
    }
    return "failed";
  }

  /** Keystatic's renewal (refresh-token): the same check of the user as at sign-in. */
  async function renewal(request: Request, cookies: Record<string, string>) {
    const response = toResponse(await handler(keystaticRequest(new URL(request.url), "POST", withRefresh(cookies))).catch(timedOut));
    const token = newToken(response);
    return (token && (await checkUser(token, request)).refused) || response;
  }

  /**
   * Sign-out ends the grant at GitHub whatever cookies are left. The refresh cookie (HttpOnly, `__Host-`: set
   * by this server alone) is the account this browser signed in with: whenever it is there, a new token is bought
   * with it and that grant deleted, whatever the access cookie (which a sibling host can plant) did. The access
   * token's grant is deleted too. The cookies are expired either way, and the page says whether GitHub confirmed it.
   */
  async function logout(request: Request, found: Record<string, string>) {
    // A browser signed in before the __Host- names still holds Keystatic's own refresh cookie: its grant ends too.
    const cookies = found[refreshCookie] || !found[keystaticRefreshCookie] ? found : { ...found, [refreshCookie]: found[keystaticRefreshCookie] };
    const access = cookies[accessCookie];
    // First the refresh token (deleting the access token's grant first could end it, and with it the proof).
    let byRefresh: "none" | "ended" | "dead" | "failed" = "none";
    if (cookies[refreshCookie]) {
      byRefresh = "failed";
      try {
        const renewed = await handler(keystaticRequest(new URL("/api/keystatic/github/refresh-token", config.url), "POST", withRefresh(cookies)));
        const token = rawToken(renewed);
        if (!token) byRefresh = "dead"; // GitHub refused it: spent, expired or its grant already gone
        else if ((await endGrant(token)) === "ended") byRefresh = "ended";
      } catch (error) {
        log.warn({ msg: "editor grant deletion failed", error: (error as Error).message });
      }
    }
    const byAccess = access ? await endGrant(access) : "none";
    const outcome = byRefresh === "none" && byAccess === "none" ? "nothing to end" : byRefresh === "ended" || (byRefresh !== "failed" && byAccess === "ended") ? "ended" : "not confirmed";
    if (outcome === "not confirmed") log.warn({ msg: "editor sign-out not confirmed by GitHub" });
    else log.info({ msg: "editor sign-out", outcome });
    const headers = signedOutCookies(request);
    headers.set("location", outcome === "not confirmed" ? "/signed-out?github=unconfirmed" : "/signed-out");
    return new Response(null, { status: 303, headers });
  }

  /** A GET that spends the refresh token (repo-not-found) counts only from the editor's own page too. */
  function crossSite(request: Request) {
    const site = request.headers.get("sec-fetch-site");
    const origin = request.headers.get("origin");
    return (site !== null && site !== "same-origin" && site !== "none") || (origin !== null && origin !== "null" && origin !== config.url.origin);
  }

  /** A POST counts only from the editor's own page: its Origin, or (where the browser sends `null`) Sec-Fetch-Site. */
  function fromEditorPage(request: Request) {
    const origin = request.headers.get("origin");
    if (origin && origin !== "null") return origin === config.url.origin;
    return request.headers.get("sec-fetch-site") === "same-origin";
  }

  return async (request: Request): Promise<Response> => {
    const route = keystaticRoute(new URL(request.url).pathname);
    if (route === undefined) return page(400, "Bad request");
    const methods = keystaticMethods[route];
    if (!methods) return page(404, "Not found");
    if (!methods.includes(request.method)) return page(405, "Method not allowed", new Headers({ allow: methods.join(", ") }));
    const duplicate = duplicateCookie(request.headers.get("cookie"));
    if (duplicate) return duplicateRefusal(duplicate, log);
    if (request.method === "POST" && !fromEditorPage(request)) {
      log.warn({ msg: "editor request refused", reason: "POST from another origin", route });
      return page(403, "Refused: this request did not come from the editor's own page.");
    }
    if (route === "github/repo-not-found" && crossSite(request)) {
      log.info({ msg: "editor request refused", reason: "GET from another site", route });
      return page(403, "Refused: this request did not come from the editor's own page. Open the editor.");
    }
    const cookies = parseCookies(request.headers.get("cookie"));
    if (route === "github/oauth/callback") return harden(await callback(request, cookies));
    if (route === "github/logout") return request.method === "GET" ? signOutPage() : logout(request, cookies);
    if (route === "github/refresh-token") return harden(await renewal(request, cookies));
    return harden(await toGitHub(request, route, cookies));
  };
}

/** A request with two cookies of one name the editor reads: one was planted (by a sibling host of the domain). */
export function duplicateRefusal(name: string, log: Pick<Log, "warn">) {
  log.warn({ msg: "editor request refused", reason: "two cookies of one name", cookie: name });
  return page(
    400,
    `Refused: this browser sent two cookies named ${name} to the editor, and the second was not set by the editor (another site under the same domain can do that). Nothing was done. Clear this site's cookies in the browser's settings (or sign out of the editor and clear them), then open the editor again; tell the site's operator, since another site of this domain is setting cookies for it. To end the editor's access to your GitHub account meanwhile (signing out needs these cookies too), revoke it on GitHub: https://github.com/settings/applications (Authorized GitHub Apps).`,
  );
}
