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

/** After sign-out: a page of its own, because the editor itself would sign straight in again through GitHub. */
export const signedOutPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Signed out · Site content</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem">
<h1>You are signed out</h1>
<p>Your GitHub sign-in for the editor has been ended on this computer.</p>
<p><a href="/keystatic">Sign in again</a></p>
</body></html>
`;
