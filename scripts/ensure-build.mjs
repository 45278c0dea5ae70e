// `npm start` on a fresh clone: build once if there is no build yet.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!["build/client/index.html", "build/server/index.mjs", "build/editor/index.html", "build/server/editor.mjs", "build/staff/.vite/manifest.json", "build/server/staff.mjs"].every((file) => existsSync(file))) {
  console.log("No build found: running `npm run build` first.");
  execSync("npm run build", { stdio: "inherit" });
}
