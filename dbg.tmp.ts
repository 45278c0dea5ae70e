import { spawn } from "node:child_process";
import { startEngineProxy } from "./e2e/support/engine-proxy";
import { firefoxEngine } from "./e2e/support/engines";
const server = spawn("node", ["build/server/index.mjs"], { env: { ...process.env, PORT: "5150", HOST: "127.0.0.1", LOG_LEVEL: "silent", DATABASE_URL: "file:/tmp/eng-proto.db" }, stdio: "inherit" });
await new Promise((r) => setTimeout(r, 2500));
const proxy = await startEngineProxy("http://127.0.0.1:5150", 5152);
const engine = firefoxEngine();
const page = await engine.open();
await page.setViewport(1280, 800);
await page.goto(proxy.origin + "/industries/retail-ecommerce");
await new Promise((r) => setTimeout(r, 2000));
console.log(await page.evaluate(() => [document.documentElement.hasAttribute("data-hydrated"), location.href]));
await page.click('nav[aria-label="Main"] a[href="/#about"]');
for (let i = 0; i < 10; i++) { await new Promise((r) => setTimeout(r, 300)); console.log(await page.evaluate(() => [location.href, scrollY, document.getElementById("about")?.getBoundingClientRect().top])); }
console.log(await page.errors());
await page.goto(proxy.origin + "/#contact");
await new Promise((r) => setTimeout(r, 4000));
console.log(await page.errors());
await engine.close(); await proxy.close(); server.kill();
