import { spawn } from "node:child_process";
import { cpSync, mkdtempSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startVite } from "./servers";

const root = resolve(import.meta.dirname, "../..");

/** Whether the browser may load a URL in the editor tests: loopback servers and in-page data only. */
export const isLoopback = (url: string) => /^(https?|wss?):\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//.test(url) || /^(data|blob|about):/.test(url);

/** A copy of the content files in a temporary folder: the editor's tests never write to the work tree. */
export function copyContent() {
  const dir = mkdtempSync(join(tmpdir(), "content-"));
  for (const entry of ["services", "industries", "resources", "home.json", "order.json"]) cpSync(join(root, "app/content", entry), join(dir, entry), { recursive: true });
  return dir;
}

/** `npm run cms` (Keystatic's editor) on a free loopback port, in its own process group. */
export function startEditor(env: Record<string, string>) {
  return startVite("editor", ["node_modules/vite/bin/vite.js", "--config", "cms/vite.config.ts"], { CMS_PORT: "0", ...env });
}

/** A free loopback port: the live editor must know its own URL (GitHub's callback) before it starts. */
async function freePort() {
  const server = createServer();
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

/**
 * The live editor (build/server/editor.mjs) on loopback, its calls to GitHub sent to a fake GitHub by a
 * test-only preload (test/support/github-fetch-preload.mjs). `env` adds to or overrides its settings.
 */
export async function startLiveEditor(fakeGitHubUrl: string, settings: Record<string, string>) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "./test/support/github-fetch-preload.mjs", "build/server/editor.mjs"], {
    cwd: root,
    env: { ...process.env, EDITOR_URL: url, EDITOR_PORT: String(port), EDITOR_HOST: "127.0.0.1", FAKE_GITHUB_URL: fakeGitHubUrl, ...settings },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((ready, reject) => {
    const timer = setTimeout(() => reject(new Error(`the live editor did not start:\n${output}`)), 15_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('"msg":"editor listening"')) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the live editor exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((done) => child.once("exit", () => done()));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
