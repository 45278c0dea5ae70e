// dbg.tmp.ts
import { spawn } from "node:child_process";

// e2e/support/engine-proxy.ts
import { createServer, request } from "node:http";

// e2e/support/recaptcha-stub.ts
var RECAPTCHA_STUB = String.raw`(() => {
  const script = document.currentScript;
  const params = new URL(script.src).searchParams;
  const enterprise = /\/enterprise\.js/.test(script.src);
  const state = (window.__captcha = window.__captcha || { nextKind: "pass", renders: [], resets: 0, widgets: [] });
  const api = {
    render(container, options) {
      const id = state.widgets.length;
      // Google's widget is an iframe of a fixed size: 304x78, or 164x144 with size "compact". The stand-in takes
      // exactly that room, so layout checks at 320 and 360 px see what a visitor gets.
      const [width, height] = options.size === "compact" ? [164, 144] : [304, 78];
      const frame = document.createElement("div");
      frame.dataset.captchaStub = options.size || "normal";
      frame.style.cssText = "width:" + width + "px;height:" + height + "px;box-sizing:border-box;overflow:hidden;border:1px solid #d3d3d3;border-radius:3px;background:#f9f9f9";
      const box = document.createElement("label");
      box.style.cssText = "display:flex;gap:8px;align-items:center;padding:12px;font:14px Roboto,Helvetica,Arial,sans-serif;color:#000";
      const input = document.createElement("input");
      input.type = "checkbox";
      const text = document.createElement("span");
      text.textContent = "I'm not a robot";
      box.append(input, text);
      frame.append(box);
      container.append(frame);
      const widget = { options, input, token: "" };
      input.addEventListener("change", () => {
        if (!input.checked) return;
        widget.token = state.nextKind + ":" + Math.random().toString(36).slice(2) + Date.now().toString(36);
        options.callback && options.callback(widget.token);
      });
      state.widgets.push(widget);
      state.renders.push({ sitekey: options.sitekey, theme: options.theme, size: options.size });
      return id;
    },
    getResponse(id) {
      const widget = state.widgets[id === undefined ? 0 : id];
      return widget ? widget.token : "";
    },
    reset(id) {
      const widget = state.widgets[id === undefined ? 0 : id];
      state.resets += 1;
      if (widget) { widget.token = ""; widget.input.checked = false; }
    },
    execute() {},
    ready(callback) { callback(); },
  };
  state.expire = (id) => {
    const widget = state.widgets[id === undefined ? state.widgets.length - 1 : id];
    widget.token = ""; widget.input.checked = false;
    widget.options["expired-callback"] && widget.options["expired-callback"]();
  };
  window.grecaptcha = enterprise ? { enterprise: api, ready: api.ready } : api;
  // Google calls the onload callback after its own second script has loaded; the loader library only
  // accepts it after this script's load event, so call it from there.
  const onload = params.get("onload");
  if (onload) script.addEventListener("load", () => window[onload] && window[onload]());
})();`;

// e2e/support/engine-proxy.ts
var PREFIX = "/__engines";
function probeScript(options) {
  return `(() => {
  const errors = [];
  window.__probe = { errors };
  const text = (value) => (value instanceof Error ? value.message : typeof value === "string" ? value : (() => { try { return JSON.stringify(value); } catch { return String(value); } })());
  const original = console.error;
  console.error = function (...args) { errors.push(args.map(text).join(" ")); return original.apply(this, args); };
  addEventListener("error", (event) => {
    const target = event.target;
    if (target && target !== window && target.tagName) errors.push("failed to load " + target.tagName.toLowerCase() + (target.rel ? "[rel=" + target.rel + "]" : "") + " " + (target.src || target.href));
    else errors.push("uncaught: " + event.message);
  }, true);
  addEventListener("unhandledrejection", (event) => errors.push("unhandled rejection: " + text(event.reason)));
  document.addEventListener("securitypolicyviolation", (event) => errors.push("CSP violation: " + event.violatedDirective + " " + event.blockedURI));
  ${options.blockStorage ? `for (const key of ["sessionStorage", "localStorage"]) Object.defineProperty(window, key, { configurable: true, get() { throw new DOMException("The operation is insecure.", "SecurityError"); } });` : ""}
  const recaptcha = /^https:\\/\\/www\\.(google\\.com|recaptcha\\.net)\\/recaptcha\\/(api|enterprise)\\.js/;
  const src = Object.getOwnPropertyDescriptor(HTMLScriptElement.prototype, "src");
  Object.defineProperty(HTMLScriptElement.prototype, "src", {
    ...src,
    set(value) {
      const url = String(value);
      src.set.call(this, recaptcha.test(url) ? url.replace(/^https:\\/\\/[^/]+/, location.origin + "${PREFIX}/${options.captcha}") : url);
    },
  });
})();`;
}
async function startEngineProxy(target, port) {
  const upstream = new URL(target);
  const options = { blockStorage: false, captcha: "stub" };
  const server2 = createServer((req, res) => {
    const path = req.url ?? "/";
    if (path === `${PREFIX}/probe.js`) {
      res.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" });
      res.end(probeScript(options));
      return;
    }
    if (path.startsWith(`${PREFIX}/stub/recaptcha/`)) {
      res.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" });
      res.end(RECAPTCHA_STUB);
      return;
    }
    if (path.startsWith(`${PREFIX}/`)) {
      res.writeHead(503, { "content-type": "text/plain" });
      res.end("blocked");
      return;
    }
    const headers = { ...req.headers };
    delete headers["accept-encoding"];
    const forward = request({ host: upstream.hostname, port: upstream.port, method: req.method, path, headers }, (answer) => {
      const type = String(answer.headers["content-type"] ?? "");
      if (!type.startsWith("text/html")) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks = [];
      answer.on("data", (chunk) => chunks.push(chunk));
      answer.on("end", () => {
        const html = Buffer.concat(chunks).toString("utf8").replace(/<head[^>]*>/i, (head) => `${head}<script src="${PREFIX}/probe.js"></script>`);
        const out = { ...answer.headers, "content-length": String(Buffer.byteLength(html)) };
        delete out["content-encoding"];
        delete out["etag"];
        res.writeHead(answer.statusCode ?? 502, out);
        res.end(html);
      });
    });
    forward.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise((resolve, reject) => {
    server2.once("error", reject);
    server2.listen(port, "127.0.0.1", resolve);
  });
  const { port: bound } = server2.address();
  return {
    origin: `http://127.0.0.1:${bound}`,
    options,
    close: () => new Promise((resolve) => {
      server2.closeAllConnections();
      server2.close(() => resolve());
    })
  };
}

// e2e/support/engines.ts
import puppeteer from "puppeteer-core";
import { Builder, By } from "selenium-webdriver";
var firefoxPath = process.env.FIREFOX_PATH || "/usr/bin/firefox-esr";
var miniBrowserPath = process.env.MINIBROWSER_PATH || "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
var probeErrors = () => window.__probe?.errors ?? ["no probe in this page"];
var FirefoxPage = class {
  constructor(page2, dispose) {
    this.page = page2;
    this.dispose = dispose;
    page2.on("console", (message) => {
      if (message.type() === "error") this.native.push(message.text());
    });
    page2.on("pageerror", (error) => this.native.push(`uncaught: ${error.message ?? String(error)}`));
    page2.on("framenavigated", (frame) => {
      if (frame === page2.mainFrame()) this.native.length = 0;
    });
  }
  page;
  dispose;
  engine = "firefox";
  native = [];
  async goto(url) {
    await this.page.goto(url, { waitUntil: "load" });
  }
  evaluate(fn, ...args) {
    return this.page.evaluate(fn, ...args);
  }
  async setViewport(width, height) {
    await this.page.setViewport({ width, height });
  }
  async click(selector) {
    await this.page.locator(selector).setEnsureElementIsInTheViewport(false).click();
  }
  async type(selector, text) {
    await this.page.focus(selector);
    await this.page.keyboard.type(text);
  }
  async errors() {
    const probe = await this.page.evaluate(probeErrors).catch(() => ["page gone"]);
    return [.../* @__PURE__ */ new Set([...probe, ...this.native])];
  }
  async close() {
    await this.dispose();
  }
};
function launchFirefox(javaScript) {
  return puppeteer.launch({
    browser: "firefox",
    executablePath: firefoxPath,
    headless: true,
    extraPrefsFirefox: {
      "ui.useOverlayScrollbars": 1,
      "browser.shell.checkDefaultBrowser": false,
      ...javaScript ? {} : { "javascript.enabled": false }
    }
  });
}
function firefoxEngine() {
  const browsers = /* @__PURE__ */ new Map();
  const browser = (javaScript) => {
    if (!browsers.has(javaScript)) browsers.set(javaScript, launchFirefox(javaScript));
    return browsers.get(javaScript);
  };
  return {
    name: "firefox",
    async open({ javaScript = true } = {}) {
      const context = await (await browser(javaScript)).createBrowserContext();
      const page2 = await context.newPage();
      return new FirefoxPage(page2, () => context.close());
    },
    async close() {
      for (const launched of browsers.values()) await (await launched).close().catch(() => {
      });
      browsers.clear();
    }
  };
}

// dbg.tmp.ts
var server = spawn("node", ["build/server/index.mjs"], { env: { ...process.env, PORT: "5150", HOST: "127.0.0.1", LOG_LEVEL: "silent", DATABASE_URL: "file:/tmp/eng-proto.db" }, stdio: "inherit" });
await new Promise((r) => setTimeout(r, 2500));
var proxy = await startEngineProxy("http://127.0.0.1:5150", 5152);
var engine = firefoxEngine();
var page = await engine.open();
await page.setViewport(1280, 800);
await page.goto(proxy.origin + "/industries/retail-ecommerce");
await new Promise((r) => setTimeout(r, 2e3));
console.log(await page.evaluate(() => [document.documentElement.hasAttribute("data-hydrated"), location.href]));
await page.click('nav[aria-label="Main"] a[href="/#about"]');
for (let i = 0; i < 10; i++) {
  await new Promise((r) => setTimeout(r, 300));
  console.log(await page.evaluate(() => [location.href, scrollY, document.getElementById("about")?.getBoundingClientRect().top]));
}
console.log(await page.errors());
await page.goto(proxy.origin + "/#contact");
await new Promise((r) => setTimeout(r, 4e3));
console.log(await page.errors());
await engine.close();
await proxy.close();
server.kill();
