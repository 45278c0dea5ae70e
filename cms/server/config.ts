import { isIP } from "node:net";
import { parseTrustProxy, type TrustProxy } from "../../server/http/client-ip";
import { weakSecret } from "../../server/contact/secret-check";

// The one judgement of a secret, shared with the site's LEADS_LINK_SECRET.
export { weakSecret };

/*
 * The live editor's settings, from the environment. Every problem is named at once and the server does not
 * start with any of them: a half-configured sign-in is worse than none.
 */

export type EditorServerConfig = {
  /** The editor's public origin (its own host, never the site's), e.g. https://edit.example.com. */
  url: URL;
  host: string;
  port: number;
  repo: `${string}/${string}`;
  branchPrefix: string;
  clientId: string;
  clientSecret: string;
  secret: string;
  /** GitHub accounts allowed to sign in, by numeric id (a login can be renamed and taken over; the id stays); undefined: anyone with write access to the repository. */
  allowedUsers?: AllowedUser[];
  /** TRUST_PROXY as the site reads it: whose X-Forwarded-For names the client for the rate limit. */
  trustProxy: TrustProxy;
  /** Requests per minute and client address on /api/keystatic/*. */
  apiRateLimit: number;
  /** SITE_URL's host name, when set: the editor's must differ, and a shared parent domain is warned about. */
  siteHost?: string;
  staticDir: string;
  logLevel: "debug" | "info" | "silent";
};

/**
 * Whether two host names may share a registrable domain (their last two labels match), so that a script on one
 * can set cookies for the other. A rough test (no public-suffix list): it only decides whether to warn.
 */
export function sharesParentDomain(a: string, b: string | undefined) {
  [a, b] = [withoutDot(a), b && withoutDot(b)];
  if (!b || a === b || isIP(a.replace(/^\[|\]$/g, "")) || isIP(b.replace(/^\[|\]$/g, ""))) return false;
  const parent = (host: string) => host.split(".").slice(-2).join(".");
  return a.includes(".") && parent(a) === parent(b);
}

/** A host name without its trailing dot (`example.com.` is the same host as `example.com`). */
export const withoutDot = (host: string) => host.replace(/\.$/, "");

export type AllowedUser = { login: string; id: number };

const loopbackHosts = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** A URL as it may be printed: never a password (or user name) written into it. */
export const redactUrl = (text: string) => text.replace(/^([a-z][\w+.-]*:\/\/)?[^]*@/i, "$1***@"); // up to the last "@": a password may hold "/", "#", "?" or "@"

export function loadEditorConfig(env: NodeJS.ProcessEnv = process.env): EditorServerConfig {
  const problems: string[] = [];
  const required = (name: string) => {
    const value = env[name]?.trim();
    if (!value) problems.push(`${name} is not set`);
    return value ?? "";
  };

  let url = new URL("http://127.0.0.1");
  const rawUrl = required("EDITOR_URL");
  const shownUrl = redactUrl(rawUrl);
  if (rawUrl) {
    try {
      url = new URL(rawUrl);
      url.hostname = withoutDot(url.hostname); // `example.com.` is `example.com`: compared, warned about and used so
      if (url.username || url.password) problems.push(`EDITOR_URL must not hold a user name or password (got ${shownUrl})`);
      else if (url.pathname !== "/" || url.search || url.hash) problems.push(`EDITOR_URL must be an origin without a path, e.g. https://edit.example.com (got ${shownUrl})`);
      else if (url.protocol !== "https:" && !(url.protocol === "http:" && loopbackHosts.has(url.hostname))) {
        problems.push(`EDITOR_URL must be https (plain http only on loopback): the sign-in cookies would travel in clear (got ${shownUrl})`);
      }
    } catch {
      problems.push(`EDITOR_URL is not a URL: ${shownUrl}`);
    }
  }
  // The site's host would give the editor's cookies to every script of the site (cookies ignore the port).
  const siteUrl = env.SITE_URL?.trim();
  let siteHost: string | undefined;
  if (siteUrl && rawUrl) {
    try {
      siteHost = withoutDot(new URL(siteUrl).hostname);
      if (siteHost === url.hostname) problems.push(`EDITOR_URL must be a host of its own, not the site's (SITE_URL is ${redactUrl(siteUrl)})`);
    } catch {
      // SITE_URL is the site's setting: its own checks name it.
    }
  }

  const rawPort = env.EDITOR_PORT?.trim() || "8788";
  const port = Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`EDITOR_PORT must be a port number (got ${rawPort})`);

  const repo = required("EDITOR_REPO");
  // GitHub's names: an owner is letters, digits and hyphens, not first; a repository is never "." or "..".
  if (repo && !/^[a-z\d][a-z\d-]*\/(?!\.\.?$)[\w.-]+$/i.test(repo)) problems.push(`EDITOR_REPO must be owner/name (got ${repo})`);
  // The CI workflow knows the editor's branches by this prefix (.github/workflows/test.yml): the same default.
  const branchPrefix = env.EDITOR_BRANCH_PREFIX?.trim() || "content/";
  if (branchPrefix && !/^[\w-][\w./-]*$/.test(branchPrefix)) problems.push(`EDITOR_BRANCH_PREFIX may hold letters, digits, "-", "_", "." and "/" (got ${branchPrefix})`);

  const clientId = required("KEYSTATIC_GITHUB_CLIENT_ID");
  const clientSecret = required("KEYSTATIC_GITHUB_CLIENT_SECRET");
  const secret = required("KEYSTATIC_SECRET");
  const weak = secret ? weakSecret(secret) : undefined;
  if (weak) problems.push(`KEYSTATIC_SECRET is too weak: ${weak} (it encrypts the refresh token): make one with \`openssl rand -hex 32\``);

  let allowedUsers: AllowedUser[] | undefined;
  if (env.EDITOR_ALLOWED_USERS !== undefined) {
    const entries = env.EDITOR_ALLOWED_USERS.split(",").map((entry) => entry.trim()).filter(Boolean);
    const bad = entries.find((entry) => !/^[a-z\d][a-z\d-]{0,38}:[1-9]\d{0,15}$/i.test(entry));
    if (!entries.length) problems.push("EDITOR_ALLOWED_USERS is set but names nobody: list login:id pairs, or leave it unset to let anyone with write access to the repository in");
    else if (bad) problems.push(`EDITOR_ALLOWED_USERS must be login:id pairs separated by commas, e.g. alice:583231 (the id is the "id" of https://api.github.com/users/LOGIN) (got "${bad}")`);
    else allowedUsers = entries.map((entry) => ({ login: entry.split(":")[0]!.toLowerCase(), id: Number(entry.split(":")[1]) }));
  }

  let trustProxy = parseTrustProxy(undefined);
  try {
    trustProxy = parseTrustProxy(env.TRUST_PROXY);
  } catch (error) {
    problems.push(`TRUST_PROXY: ${(error as Error).message}`);
  }
  const rawLimit = env.EDITOR_API_RATE_LIMIT?.trim() || "60";
  const apiRateLimit = Number(rawLimit);
  if (!Number.isInteger(apiRateLimit) || apiRateLimit < 1) problems.push(`EDITOR_API_RATE_LIMIT must be a whole number of requests per minute (got ${rawLimit})`);

  const logLevel = env.LOG_LEVEL ?? "info";
  if (logLevel !== "debug" && logLevel !== "info" && logLevel !== "silent") problems.push(`LOG_LEVEL must be debug, info or silent (got ${logLevel})`);

  if (problems.length) throw new Error(`The editor cannot start:\n${problems.map((problem) => `- ${problem}`).join("\n")}\nSee "The live editor: set up once" in docs/operations.md.`);
  return {
    url,
    // Loopback: the TLS proxy in front is the only way in (in a container, set 0.0.0.0 and publish the port).
    host: env.EDITOR_HOST?.trim() || "127.0.0.1",
    port,
    repo: repo as `${string}/${string}`,
    branchPrefix,
    clientId,
    clientSecret,
    secret,
    allowedUsers,
    trustProxy,
    apiRateLimit,
    siteHost,
    staticDir: env.EDITOR_STATIC_DIR?.trim() || "build/editor",
    logLevel: logLevel as EditorServerConfig["logLevel"],
  };
}
