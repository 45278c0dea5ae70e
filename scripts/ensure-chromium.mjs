// Browser tests drive Debian's Chromium; we never download a browser. Installs it when we can, else says how.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromiumPath as path } from "./chromium.mjs";
if (!existsSync(path)) {
  const isRoot = process.getuid?.() === 0;
  const isDebian = existsSync("/etc/debian_version");
  if (isRoot && isDebian) {
    console.log(`No Chromium at ${path}: installing Debian's chromium package.`);
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
  } else {
    console.error(
      `No Chromium found at ${path}.\n` +
        "Install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.",
    );
    process.exit(1);
  }
}
