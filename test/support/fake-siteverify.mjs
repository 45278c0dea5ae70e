// A stand-in for Google's reCAPTCHA siteverify API (https://developers.google.com/recaptcha/docs/verify), on
// loopback, answering the way Google does for a real key. Google is outside this machine, so this and the
// browser-side grecaptcha stub are the only fakes in the tests.
//
// Tokens come from the grecaptcha stub and say how the fake should answer:
//   pass:<unique>             success, hostname 127.0.0.1
//   pass@<host>:<unique>      success, reported hostname <host>
//   slow:<unique>             success, but only after 7 s (longer than the server's 5 s time-out)
//   http500:<unique>          HTTP 500, as during an outage
//   anything else             success: false, invalid-input-response
// Like Google, a token verifies once; the second time it is timeout-or-duplicate. The secret is checked
// first, as Google does: none → missing-input-secret, another one than `secret` (FAKE_SITEVERIFY_SECRET,
// default Google's test secret) → invalid-input-secret, whatever the token; a body that is not a form →
// bad-request. So a right secret with a dummy token gets invalid-input-response, which is how the server
// checks its secret at start-up.
//
// Run standalone (`PORT=4191 node test/support/fake-siteverify.mjs`) or start in-process with startFakeSiteverify().
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";

export const GOOGLE_TEST_SECRET = "6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe";
export const SITEVERIFY_PATH = "/recaptcha/api/siteverify";

export function startFakeSiteverify({ port = 0, host = "127.0.0.1", secret = process.env.FAKE_SITEVERIFY_SECRET || GOOGLE_TEST_SECRET } = {}) {
  const used = new Set();
  /** Every verification request received, for assertions. */
  const requests = [];
  const timers = new Set();

  const server = createServer((req, res) => {
    const send = (status, body) => {
      res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(body, null, 2));
    };
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.method === "GET" && url.pathname === "/health") return send(200, { ok: true });
    if (req.method === "GET" && url.pathname === "/__requests") return send(200, requests);
    if (url.pathname !== SITEVERIFY_PATH) return send(404, { error: "not found" });
    if (req.method !== "POST") return send(405, { error: "method not allowed" });

    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const form = new URLSearchParams(raw);
      const token = form.get("response") ?? "";
      requests.push({ contentType: req.headers["content-type"] ?? null, secret: form.get("secret"), response: token, remoteip: form.get("remoteip") });

      if (!String(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) return send(200, { success: false, "error-codes": ["bad-request"] });
      if (!form.get("secret")) return send(200, { success: false, "error-codes": ["missing-input-secret"] });
      if (form.get("secret") !== secret) return send(200, { success: false, "error-codes": ["invalid-input-secret"] });
      if (!token) return send(200, { success: false, "error-codes": ["missing-input-response"] });

      const [kind = "", ...rest] = token.split(":");
      if (rest.length === 0 || !/^(pass(@[\w.-]+)?|slow|http500)$/.test(kind)) {
        return send(200, { success: false, "error-codes": ["invalid-input-response"] });
      }
      if (kind === "http500") return send(500, { error: "internal" });
      if (used.has(token)) return send(200, { success: false, "error-codes": ["timeout-or-duplicate"] });
      used.add(token);

      const answer = {
        success: true,
        challenge_ts: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
        hostname: kind.startsWith("pass@") ? kind.slice("pass@".length) : "127.0.0.1",
      };
      if (kind !== "slow") return send(200, answer);
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) send(200, answer);
      }, 7000);
      timers.add(timer);
    });
  });

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const address = server.address();
      const base = `http://${host}:${typeof address === "object" && address ? address.port : port}`;
      resolve({
        url: `${base}${SITEVERIFY_PATH}`,
        base,
        requests,
        close: () =>
          new Promise((done) => {
            for (const timer of timers) clearTimeout(timer);
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const fake = await startFakeSiteverify({ port: Number(process.env.PORT ?? 4191) });
  console.log(`fake siteverify listening on ${fake.url}`);
  const stop = () => fake.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
