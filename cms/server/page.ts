import type { EditorServerConfig } from "./config";

/*
 * The editor's page: the Vite build of cms/ (build/editor/index.html) with the storage it works on, as a JSON
 * block that cms/main.ts reads (data, never run: the CSP needs no exception), and the policy that holds it.
 */

/** What the editor's page may load: itself, GitHub's API and avatars. Keystatic and React Aria set inline styles. */
export function editorPolicy(config: Pick<EditorServerConfig, "url">) {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https://avatars.githubusercontent.com",
    "connect-src 'self' https://api.github.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(config.url.protocol === "https:" ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

export function editorPage(indexHtml: string, config: Pick<EditorServerConfig, "repo" | "branchPrefix">) {
  const storage = { kind: "github", repo: config.repo, ...(config.branchPrefix ? { branchPrefix: config.branchPrefix } : {}) };
  const json = JSON.stringify(storage).replace(/</g, "\\u003c");
  const block = `<script type="application/json" id="editor-storage">${json}</script>`;
  if (!indexHtml.includes('<div id="root">')) throw new Error("build/editor/index.html has no root element: run `npm run build`");
  return indexHtml.replace('<div id="root">', `${block}<div id="root">`);
}

const smallPage = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Site content</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem">
${body}
</body></html>
`;

/** The policy of the editor's small pages: no script at all, a form only to itself. */
export const smallPagePolicy = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/**
 * Keystatic's menu signs out with a plain link (a GET, which any site can send a browser to): the GET only
 * asks, and the button POSTs, which the server accepts only from this page's origin.
 */
export function signOutPage() {
  const body = `<h1>Sign out?</h1>
<p>Signing out ends the editor's access to your GitHub account, on this computer and on any other where you signed in to this editor.</p>
<form method="post" action="/api/keystatic/github/logout"><button type="submit">Sign out</button></form>
<p><a href="/keystatic">Back to the editor</a></p>`;
  return new Response(smallPage("Sign out?", body), { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "content-security-policy": smallPagePolicy } });
}

/** After sign-out: a page of its own, because the editor itself would sign straight in again through GitHub. */
export function signedOutPage(confirmed: boolean) {
  const github = confirmed
    ? "<p>Your GitHub sign-in for the editor has been ended.</p>"
    : `<p>This browser is signed out, but GitHub did not confirm that the editor's access to your account has ended (it could not be reached, or the sign-in had already been ended or used elsewhere). To be sure, open <a href="https://github.com/settings/apps/authorizations">GitHub's authorized apps</a> and revoke the editor there.</p>`;
  return smallPage("Signed out", `<h1>You are signed out</h1>\n${github}\n<p><a href="/keystatic">Sign in again</a></p>`);
}
