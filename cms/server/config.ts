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
  branchPrefix?: string;
  clientId: string;
  clientSecret: string;
  secret: string;
  /** GitHub logins allowed to sign in (lower case); undefined: anyone with write access to the repository. */
  allowedUsers?: string[];
  staticDir: string;
  logLevel: "debug" | "info" | "silent";
};

const loopbackHosts = new Set(["127.0.0.1", "localhost", "[::1]"]);

export function loadEditorConfig(env: NodeJS.ProcessEnv = process.env): EditorServerConfig {
  const problems: string[] = [];
  const required = (name: string) => {
    const value = env[name]?.trim();
    if (!value) problems.push(`${name} is not set`);
    return value ?? "";
  };

  let url = new URL("http://127.0.0.1");
  const rawUrl = required("EDITOR_URL");
  if (rawUrl) {
    try {
      url = new URL(rawUrl);
      if (url.pathname !== "/" || url.search || url.hash || url.username || url.password) problems.push(`EDITOR_URL must be an origin without a path, e.g. https://edit.example.com (got ${rawUrl})`);
      else if (url.protocol !== "https:" && !(url.protocol === "http:" && loopbackHosts.has(url.hostname))) {
        problems.push(`EDITOR_URL must be https (plain http only on loopback): the sign-in cookies would travel in clear (got ${rawUrl})`);
      }
    } catch {
      problems.push(`EDITOR_URL is not a URL: ${rawUrl}`);
    }
  }

  const rawPort = env.EDITOR_PORT?.trim() || "8788";
  const port = Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`EDITOR_PORT must be a port number (got ${rawPort})`);

  const repo = required("EDITOR_REPO");
  // GitHub's names: an owner is letters, digits and hyphens, not first; a repository is never "." or "..".
  if (repo && !/^[a-z\d][a-z\d-]*\/(?!\.\.?$)[\w.-]+$/i.test(repo)) problems.push(`EDITOR_REPO must be owner/name (got ${repo})`);
  const branchPrefix = env.EDITOR_BRANCH_PREFIX?.trim() || undefined;
  if (branchPrefix && !/^[\w-][\w./-]*$/.test(branchPrefix)) problems.push(`EDITOR_BRANCH_PREFIX may hold letters, digits, "-", "_", "." and "/" (got ${branchPrefix})`);

  const clientId = required("KEYSTATIC_GITHUB_CLIENT_ID");
  const clientSecret = required("KEYSTATIC_GITHUB_CLIENT_SECRET");
  const secret = required("KEYSTATIC_SECRET");
  if (secret && secret.length < 32) problems.push("KEYSTATIC_SECRET must be at least 32 characters (it encrypts the refresh token): e.g. `openssl rand -hex 32`");

  const allowed = (env.EDITOR_ALLOWED_USERS ?? "").split(",").map((login) => login.trim().toLowerCase()).filter(Boolean);
  const badLogin = allowed.find((login) => !/^[a-z\d](?:[a-z\d-]{0,38})$/.test(login));
  if (badLogin) problems.push(`EDITOR_ALLOWED_USERS must be GitHub logins separated by commas (got "${badLogin}")`);

  const logLevel = env.LOG_LEVEL ?? "info";
  if (logLevel !== "debug" && logLevel !== "info" && logLevel !== "silent") problems.push(`LOG_LEVEL must be debug, info or silent (got ${logLevel})`);

  if (problems.length) throw new Error(`The editor cannot start:\n${problems.map((problem) => `- ${problem}`).join("\n")}\nSee "The live editor" in README.md.`);
  return {
    url,
    host: env.EDITOR_HOST?.trim() || "0.0.0.0",
    port,
    repo: repo as `${string}/${string}`,
    branchPrefix,
    clientId,
    clientSecret,
    secret,
    allowedUsers: allowed.length ? allowed : undefined,
    staticDir: env.EDITOR_STATIC_DIR?.trim() || "build/editor",
    logLevel: logLevel as EditorServerConfig["logLevel"],
  };
}
