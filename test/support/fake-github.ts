import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { schema as githubSchema } from "@octokit/graphql-schema";
import { buildClientSchema, graphql, type GraphQLError, type IntrospectionQuery } from "graphql";

/*
 * GitHub as the live editor meets it, on loopback, backed by a real bare git repository (the git CLI):
 * - github.com: OAuth authorize (approves at once, as for a user who already granted the app) and the token
 *   endpoint (code and refresh_token grants, with the expiry fields of a GitHub App's expiring user tokens);
 * - api.github.com: GraphQL executed against GitHub's published schema (@octokit/graphql-schema), the REST
 *   git trees and blobs, /user (login and numeric id), and revocation of one token or of the whole grant.
 *   Only what Keystatic asks for is resolved; anything else is an error, so a new query shows up in the test
 *   rather than passing quietly.
 * Tokens behave as GitHub documents them: a refresh token works once, and "once you use a refresh token, that
 * refresh token and the old user access token will no longer work"; deleting the grant deletes every token of
 * that user for the app; deleting one access token says nothing about its refresh token, so the fake keeps it.
 * `main` is protected like a branch that requires a pull request: a commit on it is refused as GitHub does.
 */

const root = resolve(import.meta.dirname, "../..");
// The introspection result, not the SDL: the published SDL defines a few fields twice, which graphql-js refuses.
const schema = buildClientSchema(githubSchema.json as unknown as IntrospectionQuery);

type Token = { login: string; expiresAt: number };
/** A refresh token: its user and the access token issued with it (which its use ends). */
type RefreshToken = { login: string; access: string };
type PullRequest = { number: number; head: string; state: "OPEN" | "CLOSED" };
class GitHubError extends Error {
  constructor(readonly type: string, message: string) {
    super(message);
  }
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "access-control-allow-origin": "*", ...headers }).end(JSON.stringify(body));

async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeGitHub(options: { owner: string; name: string; clientId: string; clientSecret: string; protectedBranch?: string }) {
  const dir = mkdtempSync(join(tmpdir(), "fake-github-"));
  const bare = join(dir, "repo.git");
  const gitEnv = { ...process.env, GIT_AUTHOR_NAME: "Fake GitHub", GIT_AUTHOR_EMAIL: "noreply@github.invalid", GIT_COMMITTER_NAME: "GitHub", GIT_COMMITTER_EMAIL: "noreply@github.invalid" };
  const git = (args: string[], input?: string | Buffer, env: Record<string, string> = {}) =>
    execFileSync("git", ["--git-dir", bare, ...args], { env: { ...gitEnv, ...env }, input, maxBuffer: 64 * 1024 * 1024 });
  const gitText = (args: string[], input?: string | Buffer, env?: Record<string, string>) => git(args, input, env).toString("utf8").trim();

  execFileSync("git", ["init", "--quiet", "--bare", "--initial-branch=main", bare]);
  // The repository starts as the project's content: app/content of this work tree, one commit on main.
  const seedIndex = join(dir, "seed-index");
  execFileSync("git", ["--git-dir", bare, "--work-tree", root, "add", "app/content"], { env: { ...gitEnv, GIT_INDEX_FILE: seedIndex } });
  const seedTree = gitText(["write-tree"], undefined, { GIT_INDEX_FILE: seedIndex });
  git(["update-ref", "refs/heads/main", gitText(["commit-tree", seedTree, "-m", "Initial content"])]);

  const protectedBranch = options.protectedBranch ?? "main";
  const repoId = `R_${options.owner}_${options.name}`;
  const codes = new Map<string, { login: string; redirectUri: string }>();
  const tokens = new Map<string, Token>();
  const refreshTokens = new Map<string, RefreshToken>();
  const pulls: PullRequest[] = [];
  const state = {
    /** The GitHub account that approves the next sign-in. */
    signInAs: "content-editor",
    /** The app's registered callback URL (GitHub refuses any other redirect_uri). */
    callbackUrl: "",
    /** Access tokens revoked through DELETE /applications/{client_id}/token or /grant. */
    revoked: [] as string[],
    /** Numeric account ids by login (GitHub's `id`, which survives a rename; a new account under a freed login gets a new one). */
    ids: { "content-editor": 1001, "another-editor": 1002 } as Record<string, number>,
    /** When set, GET /user answers this status (an outage of GitHub's API). */
    userStatus: undefined as number | undefined,
    /** Milliseconds before GitHub answers the token endpoint, and /user (a GitHub that hangs). */
    tokenDelayMs: 0,
    userDelayMs: 0,
    /** "METHOD path" (and the GraphQL operation name) of every call, in order. */
    calls: [] as string[],
  };

  const refName = (qualified: string) => qualified.replace(/^refs\/heads\//, "");
  const headOf = (branch: string) => {
    try {
      return gitText(["rev-parse", "--verify", "--quiet", `refs/heads/${branch}^{commit}`]);
    } catch {
      return undefined;
    }
  };
  const treeOf = (commit: string) => gitText(["rev-parse", `${commit}^{tree}`]);
  const refId = (branch: string) => `REF_${Buffer.from(branch).toString("base64url")}`;
  const branchOfId = (id: string) => (id.startsWith("REF_") ? Buffer.from(id.slice(4), "base64url").toString("utf8") : undefined);
  const branches = () => gitText(["for-each-ref", "--format=%(refname:short)", "refs/heads/"]).split("\n").filter(Boolean);

  const commitNode = (oid: string) => ({ __typename: "Commit", id: `C_${oid}`, oid, tree: () => ({ id: `T_${treeOf(oid)}`, oid: treeOf(oid) }) });
  const refNode = (branch: string) => {
    const head = headOf(branch);
    if (!head) return null;
    return {
      __typename: "Ref",
      id: refId(branch),
      name: branch,
      prefix: "refs/heads/",
      target: () => commitNode(head),
      associatedPullRequests: (args: { states?: string[]; first?: number }) => ({
        nodes: pulls
          .filter((pr) => pr.head === branch && (!args.states || args.states.includes(pr.state)))
          .slice(0, args.first ?? 100)
          .map((pr) => ({ __typename: "PullRequest", id: `PR_${pr.number}`, number: pr.number })),
      }),
    };
  };
  const userNode = (login: string) => ({ __typename: "User", id: `U_${login}`, login, name: login, avatarUrl: `https://avatars.githubusercontent.com/u/1?v=4`, databaseId: state.ids[login] ?? 9999 });
  const repository = () => ({
    __typename: "Repository",
    id: repoId,
    name: options.name,
    isPrivate: true,
    owner: { __typename: "Organization", id: `O_${options.owner}`, login: options.owner },
    nameWithOwner: `${options.owner}/${options.name}`,
    viewerPermission: "WRITE",
    defaultBranchRef: () => refNode("main"),
    ref: (args: { qualifiedName: string }) => refNode(refName(args.qualifiedName)),
    refs: (args: { refPrefix: string; first?: number }) => {
      if (args.refPrefix !== "refs/heads/") throw new GitHubError("UNPROCESSABLE", "The fake resolves branch refs only");
      const nodes = branches().map(refNode).filter(Boolean);
      return { nodes, totalCount: nodes.length, pageInfo: { hasNextPage: false, endCursor: null, hasPreviousPage: false, startCursor: null } };
    },
    forks: () => ({ nodes: [], totalCount: 0, pageInfo: { hasNextPage: false, endCursor: null } }),
  });
  const checkRepo = (owner: string, name: string) => {
    if (owner.toLowerCase() !== options.owner.toLowerCase() || name.toLowerCase() !== options.name.toLowerCase()) {
      throw new GitHubError("NOT_FOUND", `Could not resolve to a Repository with the name '${owner}/${name}'.`);
    }
  };

  /** A commit on a branch, as createCommitOnBranch makes it: additions (base64) and deletions on the branch's head. */
  function commitOnBranch(branch: string, expectedHeadOid: string, headline: string, additions: { path: string; contents: string }[], deletions: { path: string }[]) {
    const head = headOf(branch);
    if (!head) throw new GitHubError("NOT_FOUND", `A ref named "refs/heads/${branch}" does not exist.`);
    if (head !== expectedHeadOid) throw new GitHubError("STALE_DATA", `Expected branch to point to "${expectedHeadOid}" but it did not. Pull and try again.`);
    const index = join(dir, `index-${randomBytes(6).toString("hex")}`);
    const env = { GIT_INDEX_FILE: index };
    try {
      git(["read-tree", head], undefined, env);
      for (const addition of additions) {
        const blob = gitText(["hash-object", "-w", "--stdin"], Buffer.from(addition.contents, "base64"));
        git(["update-index", "--add", "--cacheinfo", `100644,${blob},${addition.path}`], undefined, env);
      }
      for (const deletion of deletions) git(["update-index", "--force-remove", deletion.path], undefined, env);
      const tree = gitText(["write-tree"], undefined, env);
      const commit = gitText(["commit-tree", tree, "-p", head, "-m", headline]);
      git(["update-ref", `refs/heads/${branch}`, commit, head]);
      return commit;
    } finally {
      rmSync(index, { force: true });
    }
  }

  const rootValue = {
    repository: (args: { owner: string; name: string }) => {
      checkRepo(args.owner, args.name);
      return repository();
    },
    viewer: (_args: unknown, context: { login: string }) => userNode(context.login),
    node: (args: { id: string }) => {
      const branch = branchOfId(args.id);
      return branch ? refNode(branch) : null;
    },
    createCommitOnBranch: (args: { input: { branch: { repositoryNameWithOwner?: string; branchName?: string; id?: string }; expectedHeadOid: string; message: { headline: string }; fileChanges?: { additions?: { path: string; contents: string }[]; deletions?: { path: string }[] } } }) => {
      const { branch: target, expectedHeadOid, message, fileChanges = {} } = args.input;
      const [owner = "", name = ""] = (target.repositoryNameWithOwner ?? "").split("/");
      const branch = target.id ? branchOfId(target.id) : target.branchName;
      if (!target.id) checkRepo(owner, name);
      if (!branch) throw new GitHubError("NOT_FOUND", "Could not resolve to a Ref.");
      if (branch === protectedBranch) {
        throw new GitHubError("BRANCH_PROTECTION_RULE_VIOLATION", `Protected branch update failed for refs/heads/${branch}.\n\nChanges must be made through a pull request.`);
      }
      commitOnBranch(branch, expectedHeadOid, message.headline, fileChanges.additions ?? [], fileChanges.deletions ?? []);
      return { ref: refNode(branch), commit: commitNode(headOf(branch)!) };
    },
    createRef: (args: { input: { repositoryId: string; name: string; oid: string } }) => {
      if (args.input.repositoryId !== repoId) throw new GitHubError("NOT_FOUND", "Could not resolve to a node with the global id.");
      const branch = refName(args.input.name);
      if (headOf(branch)) throw new GitHubError("UNPROCESSABLE", `A ref named "${args.input.name}" already exists in the repository.`);
      git(["update-ref", `refs/heads/${branch}`, args.input.oid, ""]);
      return { ref: refNode(branch) };
    },
    deleteRef: (args: { input: { refId: string } }) => {
      const branch = branchOfId(args.input.refId);
      if (!branch || !headOf(branch)) throw new GitHubError("NOT_FOUND", "Could not resolve to a node with the global id.");
      if (branch === protectedBranch) throw new GitHubError("BRANCH_PROTECTION_RULE_VIOLATION", "Cannot delete this protected branch.");
      git(["update-ref", "-d", `refs/heads/${branch}`]);
      return { clientMutationId: null };
    },
  };

  /** The signed-in user of an API call, or undefined (GitHub answers 401 "Bad credentials"). */
  const userOf = (req: IncomingMessage) => {
    const token = /^(?:Bearer|token) (.+)$/i.exec(req.headers.authorization ?? "")?.[1];
    const data = token ? tokens.get(token) : undefined;
    return data && data.expiresAt > Date.now() ? data.login : undefined;
  };
  const issueTokens = (login: string) => {
    const access = `ghu_${randomBytes(18).toString("hex")}`;
    const refresh = `ghr_${randomBytes(30).toString("hex")}`;
    tokens.set(access, { login, expiresAt: Date.now() + 8 * 3600_000 });
    refreshTokens.set(refresh, { login, access });
    return { access_token: access, expires_in: 28800, refresh_token: refresh, refresh_token_expires_in: 15897600, scope: "", token_type: "bearer" };
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    const method = req.method ?? "GET";
    if (method === "OPTIONS") {
      // GitHub's API answers every origin's preflight (it relies on tokens, never cookies).
      res.writeHead(204, {
        "access-control-allow-origin": "*",
        "access-control-allow-methods": "GET, POST, PATCH, PUT, DELETE",
        "access-control-allow-headers": "Authorization, Content-Type, Accept, X-GitHub-OTP, X-Requested-With, User-Agent, GraphQL-Features",
        "access-control-max-age": "86400",
      }).end();
      return;
    }

    if (method === "GET" && url.pathname === "/login/oauth/authorize") {
      state.calls.push(`${method} ${url.pathname}`);
      const redirectUri = url.searchParams.get("redirect_uri") ?? state.callbackUrl;
      if (url.searchParams.get("client_id") !== options.clientId || redirectUri !== state.callbackUrl) {
        res.writeHead(400, { "content-type": "text/plain" }).end("The redirect_uri is not associated with this application.");
        return;
      }
      const code = randomBytes(10).toString("hex");
      codes.set(code, { login: state.signInAs, redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      const stateParam = url.searchParams.get("state");
      if (stateParam !== null) back.searchParams.set("state", stateParam);
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    if (method === "POST" && url.pathname === "/login/oauth/access_token") {
      state.calls.push(`${method} ${url.pathname} ${url.searchParams.get("grant_type") ?? "authorization_code"}`);
      if (state.tokenDelayMs) await new Promise((wait) => setTimeout(wait, state.tokenDelayMs));
      const params = new URLSearchParams([...url.searchParams, ...new URLSearchParams(await readBody(req))]);
      if (params.get("client_id") !== options.clientId || params.get("client_secret") !== options.clientSecret) {
        json(res, 200, { error: "incorrect_client_credentials", error_description: "The client_id and/or client_secret passed are incorrect." });
        return;
      }
      if (params.get("grant_type") === "refresh_token") {
        // Single use: the refresh token and the access token issued with it stop working.
        const used = refreshTokens.get(params.get("refresh_token") ?? "");
        refreshTokens.delete(params.get("refresh_token") ?? "");
        if (used) tokens.delete(used.access);
        json(res, 200, used ? issueTokens(used.login) : { error: "bad_refresh_token", error_description: "The refresh token passed is incorrect or expired." });
        return;
      }
      const grant = codes.get(params.get("code") ?? "");
      codes.delete(params.get("code") ?? "");
      json(res, 200, grant ? issueTokens(grant.login) : { error: "bad_verification_code", error_description: "The code passed is incorrect or expired." });
      return;
    }
    const revoke = /^\/applications\/([^/]+)\/(token|grant)$/.exec(url.pathname);
    if (method === "DELETE" && revoke) {
      state.calls.push(`${method} /applications/{client_id}/${revoke[2]}`);
      const basic = Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64").toString("utf8");
      if (revoke[1] !== options.clientId || basic !== `${options.clientId}:${options.clientSecret}`) {
        json(res, 404, { message: "Not Found" });
        return;
      }
      const { access_token: token } = JSON.parse((await readBody(req)) || "{}") as { access_token?: string };
      const owner = token ? tokens.get(token)?.login : undefined;
      if (!token || !owner) {
        json(res, 404, { message: "Not Found" });
        return;
      }
      if (revoke[2] === "token") {
        tokens.delete(token);
        state.revoked.push(token);
      } else {
        // The grant: every access and refresh token of this user for the app.
        for (const [access, data] of tokens) {
          if (data.login !== owner) continue;
          tokens.delete(access);
          state.revoked.push(access);
        }
        for (const [refresh, data] of refreshTokens) if (data.login === owner) refreshTokens.delete(refresh);
      }
      res.writeHead(204).end();
      return;
    }

    if (method === "GET" && /^\/u\/\d+$/.test(url.pathname)) {
      // avatars.githubusercontent.com: a 1×1 PNG.
      const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
      res.writeHead(200, { "content-type": "image/png", "access-control-allow-origin": "*" }).end(png);
      return;
    }
    const login = userOf(req);
    if (!login) {
      state.calls.push(`${method} ${url.pathname} (unauthenticated)`);
      json(res, 401, { message: "Bad credentials", documentation_url: "https://docs.github.com/rest", status: "401" });
      return;
    }
    if (method === "GET" && url.pathname === "/user") {
      state.calls.push(`${method} ${url.pathname}`);
      if (state.userDelayMs) await new Promise((wait) => setTimeout(wait, state.userDelayMs));
      if (state.userStatus) json(res, state.userStatus, { message: "Server Error" });
      else json(res, 200, { login, id: state.ids[login] ?? 9999, type: "User", avatar_url: "https://avatars.githubusercontent.com/u/1?v=4" });
      return;
    }
    if (method === "POST" && url.pathname === "/graphql") {
      const { query, variables, operationName } = JSON.parse(await readBody(req)) as { query: string; variables?: Record<string, unknown>; operationName?: string };
      state.calls.push(`${method} ${url.pathname} ${operationName ?? /(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? "anonymous"}`);
      const result = await graphql({ schema, source: query, variableValues: variables, operationName, rootValue, contextValue: { login } });
      // GitHub puts its error type beside the message (Keystatic reads `type`), and a path and locations.
      const errors = result.errors?.map((error: GraphQLError) => ({
        type: error.originalError instanceof GitHubError ? error.originalError.type : undefined,
        path: error.path,
        locations: error.locations,
        message: error.message,
      }));
      json(res, 200, errors ? { data: result.data ?? null, errors } : { data: result.data });
      return;
    }
    const repoPath = `/repos/${options.owner}/${options.name}/git/`;
    if (method === "GET" && url.pathname.startsWith(repoPath)) {
      const [kind, sha] = url.pathname.slice(repoPath.length).split("/");
      state.calls.push(`${method} ${repoPath}${kind}`);
      if (kind === "trees" && sha && /^[\da-f]{40}$/.test(sha)) {
        const recursive = url.searchParams.has("recursive");
        const lines = gitText(["ls-tree", "-l", ...(recursive ? ["-r", "-t"] : []), sha]).split("\n").filter(Boolean);
        const tree = lines.map((line) => {
          const [meta, path] = line.split("\t") as [string, string];
          const [mode, type, entrySha, size] = meta.split(/\s+/) as [string, string, string, string];
          return { path, mode, type, sha: entrySha, ...(type === "blob" ? { size: Number(size) } : {}), url: `https://api.github.com${repoPath}${type}s/${entrySha}` };
        });
        json(res, 200, { sha, url: `https://api.github.com${url.pathname}`, tree, truncated: false });
        return;
      }
      if (kind === "blobs" && sha && /^[\da-f]{40}$/.test(sha)) {
        const contents = git(["cat-file", "blob", sha]);
        if (/raw/.test(req.headers.accept ?? "")) {
          res.writeHead(200, { "content-type": "application/vnd.github.raw", "access-control-allow-origin": "*" }).end(contents);
        } else json(res, 200, { sha, size: contents.length, encoding: "base64", content: contents.toString("base64") });
        return;
      }
    }
    state.calls.push(`${method} ${url.pathname} (unknown)`);
    json(res, 404, { message: "Not Found", documentation_url: "https://docs.github.com/rest" });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      if (!res.headersSent) json(res, 500, { message: `fake GitHub: ${error.message}` });
    });
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    state,
    /** The head commit of a branch, or undefined. */
    head: headOf,
    /** `git diff` between two commits or branches, file names relative to the repository root. */
    diff: (from: string, to: string, path?: string) => gitText(["diff", "--unified=0", from, to, ...(path ? ["--", path] : [])]),
    /** A file as committed on a branch. */
    show: (branch: string, path: string) => gitText(["show", `${branch}:${path}`]),
    /** Commit subjects of a branch, newest first. */
    log: (branch: string) => gitText(["log", "--format=%s", branch]).split("\n"),
    /** Someone else's commit on a branch (another editor, or a developer's push). */
    commitAs: (branch: string, headline: string, path: string, contents: string) => commitOnBranch(branch, headOf(branch)!, headline, [{ path, contents: Buffer.from(contents).toString("base64") }], []),
    /** The editor opens a pull request on github.com (Keystatic links there; GitHub's own page does it). */
    openPullRequest: (head: string) => {
      const pr: PullRequest = { number: pulls.length + 1, head, state: "OPEN" };
      pulls.push(pr);
      return pr.number;
    },
    /** Whether a token still works on the API. */
    tokenIsValid: (token: string) => tokens.has(token),
    /** Whether a refresh token would still buy a new access token. */
    refreshTokenIsValid: (token: string) => refreshTokens.has(token),
    /** How many access and refresh tokens of a user are alive. */
    liveTokens: (login: string) => [...tokens.values(), ...refreshTokens.values()].filter((data) => data.login === login).length,
    stop: async () => {
      await new Promise((done) => server.close(done));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type FakeGitHub = Awaited<ReturnType<typeof startFakeGitHub>>;
