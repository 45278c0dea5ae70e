import { createServer, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { RECAPTCHA_STUB } from "./recaptcha-stub";

/*
 * A small HTTP proxy in front of the test server, for the engines driven through WebDriver (Firefox ESR, WebKitGTK):
 * WebDriver classic reports no console errors and cannot intercept requests, so the proxy puts one script of its own
 * first in every page's <head> (a same-origin file, which the page's Content-Security-Policy allows as 'self'):
 * - it records console.error calls, uncaught errors, rejected promises, failed loads and CSP violations in
 *   window.__probe.errors, from before any script of the site runs;
 * - with `blockStorage`, touching sessionStorage or localStorage throws, as with "block all cookies" (site-data.ts);
 * - it points the reCAPTCHA script (www.google.com or www.recaptcha.net) at the stand-in of recaptcha-stub.ts,
 *   served here at Google's sizes, or at an address that fails with `captcha: "blocked"` (a content blocker).
 * - with `realVisitor`, navigator.webdriver is false, as in a visitor's browser (WebDriver sets it, and the site
 *   counts no automated browser); with `privacySignal`, the browser sends Global Privacy Control or Do Not Track;
 * Everything else goes to the server unchanged (HTML uncompressed, so the tag can be added). The page views the
 * pages send (POST /api/visit) are kept in `visits`, with the host they were sent to.
 */

export type ProxyOptions = { blockStorage: boolean; captcha: "stub" | "blocked"; realVisitor: boolean; privacySignal: "gpc" | "dnt" | null };
export type VisitBeacon = Record<string, unknown> & { host: string };

const PREFIX = "/__engines";

function probeScript(options: ProxyOptions) {
  return `(() => {
  const errors = [];
  window.__probe = { errors };
  const text = (value) => (value instanceof Error ? value.message : typeof value === "string" ? value : (() => { try { return JSON.stringify(value); } catch { return String(value); } })());
  const original = console.error;
  console.error = function (...args) { errors.push(args.map(text).join(" ")); return original.apply(this, args); };
  addEventListener("error", (event) => {
    const target = event.target;
    // Firefox fires "error" at a modulepreload link whose module is already loaded, without a console line or a
    // failed request: not a problem a visitor has. Every other failed load (a script, a stylesheet, an image) counts.
    if (target && target !== window && target.tagName) { if (target.rel !== "modulepreload") errors.push("failed to load " + target.tagName.toLowerCase() + (target.rel ? "[rel=" + target.rel + "]" : "") + " " + (target.src || target.href)); }
    else errors.push("uncaught: " + event.message);
  }, true);
  addEventListener("unhandledrejection", (event) => errors.push("unhandled rejection: " + text(event.reason)));
  document.addEventListener("securitypolicyviolation", (event) => errors.push("CSP violation: " + event.violatedDirective + " " + event.blockedURI));
  ${
    options.blockStorage
      ? `for (const key of ["sessionStorage", "localStorage"]) Object.defineProperty(window, key, { configurable: true, get() { throw new DOMException("The operation is insecure.", "SecurityError"); } });`
      : ""
  }
  ${options.realVisitor ? `Object.defineProperty(Navigator.prototype, "webdriver", { configurable: true, get: () => false });` : ""}
  ${options.privacySignal === "gpc" ? `Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { configurable: true, get: () => true });` : ""}
  ${options.privacySignal === "dnt" ? `Object.defineProperty(Navigator.prototype, "doNotTrack", { configurable: true, get: () => "1" });` : ""}
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

export type EngineProxy = { origin: string; options: ProxyOptions; visits: VisitBeacon[]; close(): Promise<void> };

export async function startEngineProxy(target: string, port: number): Promise<EngineProxy> {
  const upstream = new URL(target);
  const options: ProxyOptions = { blockStorage: false, captcha: "stub", realVisitor: false, privacySignal: null };
  const visits: VisitBeacon[] = [];
  const server: Server = createServer((req, res) => {
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
    const forward = request({ host: upstream.hostname, port: upstream.port, method: req.method, path, headers }, (answer: IncomingMessage) => {
      const type = String(answer.headers["content-type"] ?? "");
      if (!type.startsWith("text/html")) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => {
        const html = Buffer.concat(chunks)
          .toString("utf8")
          .replace(/<head[^>]*>/i, (head) => `${head}<script src="${PREFIX}/probe.js"></script>`);
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
    if (path === "/api/visit" && req.method === "POST") {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        try {
          visits.push({ ...(JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>), host: String(req.headers.host) });
        } catch {
          visits.push({ host: String(req.headers.host), unreadable: true });
        }
      });
    }
    req.pipe(forward);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${bound}`,
    options,
    visits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
