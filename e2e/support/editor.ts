import { spawn } from "node:child_process";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "../..");

/** A copy of the content files in a temporary folder: the editor's tests never write to the work tree. */
export function copyContent() {
  const dir = mkdtempSync(join(tmpdir(), "content-"));
  for (const entry of ["services", "industries", "resources", "home.json", "order.json"]) cpSync(join(root, "app/content", entry), join(dir, entry), { recursive: true });
  return dir;
}

/** `npm run cms` (Keystatic's editor) on a free loopback port, in its own process group. */
export async function startEditor(env: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ["node_modules/vite/bin/vite.js", "--config", "cms/vite.config.ts"], {
    cwd: root,
    env: { ...process.env, CMS_PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`editor did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // eslint-disable-next-line no-control-regex
      const match = /Local:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output.replace(/\x1b\[[0-9;]*m/g, ""));
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`editor exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((done) => child.once("exit", () => done()));
      if (child.pid) process.kill(-child.pid, "SIGTERM");
      await exited;
    },
  };
}
