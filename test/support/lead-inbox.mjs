// Receivers for lead notifications on loopback, shared by the tests and `npm run bench:leads`: a real SMTP
// server (smtp-server, messages parsed by mailparser) and a webhook endpoint that checks Standard Webhooks
// signatures. Nothing is mocked: the server under test talks SMTP and HTTP to them.
import { createServer } from "node:http";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { Webhook } from "standardwebhooks";

const listen = (server, port) =>
  new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve((server.server ?? server).address().port);
    });
  });

/**
 * An SMTP server. `delayMs` makes it answer each message slowly; `stop()`/`start()` take it down and back.
 * `settings.refuse` maps a recipient to the reply that refuses it at RCPT (e.g. "550 No such user").
 * With `auth`, it offers AUTH without STARTTLS (as a server, or an attacker in the path, might) and records
 * every credential it is given in `auths`. `closed` counts connections that ended.
 */
export async function startSmtpInbox({ delayMs = 0, port = 0, auth = false } = {}) {
  const mails = [];
  const auths = [];
  const waiters = new Set();
  const settings = { delayMs, refuse: {} };
  const counters = { closed: 0 };
  const makeServer = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
      allowInsecureAuth: auth,
      logger: false,
      onAuth(credentials, session, callback) {
        auths.push({ method: credentials.method, username: credentials.username, password: credentials.password });
        callback(null, { user: credentials.username });
      },
      onRcptTo(address, session, callback) {
        const reply = settings.refuse[address.address.toLowerCase()];
        if (!reply) return callback();
        const error = new Error(reply.replace(/^\d{3}\s*/, ""));
        error.responseCode = Number(reply.slice(0, 3));
        callback(error);
      },
      onClose() {
        counters.closed++;
        for (const check of [...waiters]) check();
      },
      onData(stream, session, done) {
        simpleParser(stream).then(
          (mail) =>
            setTimeout(() => {
              mails.push({ mail, rcptTo: session.envelope.rcptTo.map((r) => r.address), mailFrom: session.envelope.mailFrom?.address, receivedAt: Date.now() });
              done();
              for (const check of [...waiters]) check();
            }, settings.delayMs),
          done,
        );
      },
    });
  const make = () => {
    const server = makeServer();
    // A sender killed mid-message (kill -9 of an instance) resets its connection: smtp-server reports that as
    // an 'error' event, which must not take the inbox (and the test or benchmark running it) down.
    server.on("error", () => {});
    return server;
  };
  let server = make();
  const boundPort = await listen(server, port);
  return {
    port: boundPort,
    url: `smtp://127.0.0.1:${boundPort}`,
    mails,
    auths,
    settings,
    counters,
    /** Resolves once `predicate(mails)` holds, or rejects after `timeoutMs`. */
    waitFor(predicate, timeoutMs = 20_000) {
      return waitUntil(waiters, () => predicate(mails), timeoutMs, () => `${mails.length} mails received`);
    },
    async stop() {
      await new Promise((resolve) => server.close(resolve));
    },
    async start() {
      server = make();
      await listen(server, boundPort);
    },
  };
}

/**
 * An HTTP endpoint for the lead webhook, answering `status` (200 by default) to signed requests, with
 * `settings.headers` (e.g. Retry-After). Every signed request is in `requests`, those answered 2xx also in
 * `deliveries`. With `settings.hang` it never answers; `aborted` counts requests the sender gave up on.
 */
export async function startWebhookReceiver(secret, { status = 200, port = 0 } = {}) {
  const verifier = new Webhook(secret);
  const deliveries = [];
  const requests = [];
  const rejected = [];
  const waiters = new Set();
  const settings = { status, headers: {}, hang: false };
  const counters = { aborted: 0 };
  const notify = () => {
    for (const check of [...waiters]) check();
  };
  const make = () =>
    createServer((req, res) => {
      const chunks = [];
      req.on("data", (chunk) => chunks.push(chunk));
      res.on("close", () => {
        if (!res.writableFinished) {
          counters.aborted++;
          notify();
        }
      });
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        try {
          const payload = verifier.verify(body, req.headers);
          requests.push({ payload, headers: req.headers, receivedAt: Date.now(), status: settings.hang ? null : settings.status });
          if (!settings.hang && settings.status >= 200 && settings.status < 300) {
            deliveries.push({ payload, headers: req.headers, receivedAt: Date.now() });
          }
        } catch (error) {
          rejected.push({ error: String(error), headers: req.headers, body });
          res.writeHead(401).end();
          return;
        }
        notify();
        if (settings.hang) return;
        res.writeHead(settings.status, settings.headers).end();
      });
    });
  let server = make();
  const boundPort = await listen(server, port);
  return {
    url: `http://127.0.0.1:${boundPort}/hooks/leads`,
    deliveries,
    requests,
    rejected,
    settings,
    counters,
    waitFor(predicate, timeoutMs = 20_000) {
      return waitUntil(waiters, () => predicate(deliveries), timeoutMs, () => `${deliveries.length} webhooks received`);
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
    async start() {
      server = make();
      await listen(server, boundPort);
    },
  };
}

/** A Slack-compatible incoming webhook (the team chat alert): keeps each JSON body, answering `status` (200 by default). */
export async function startChatReceiver({ status = 200 } = {}) {
  const messages = [];
  const waiters = new Set();
  const settings = { status };
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const ok = settings.status >= 200 && settings.status < 300;
      if (ok) messages.push({ body: JSON.parse(Buffer.concat(chunks).toString("utf8")), headers: req.headers, receivedAt: Date.now() });
      // Slack answers "ok" as text/plain.
      res.writeHead(settings.status, { "Content-Type": "text/plain" }).end(ok ? "ok" : "invalid_payload");
      for (const check of [...waiters]) check();
    });
  });
  const port = await listen(server, 0);
  return {
    url: `http://127.0.0.1:${port}/services/T000/B000/XXXX`,
    messages,
    settings,
    waitFor(predicate, timeoutMs = 20_000) {
      return waitUntil(waiters, () => predicate(messages), timeoutMs, () => `${messages.length} chat messages received`);
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function waitUntil(waiters, holds, timeoutMs, describe) {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!holds()) return;
      clearTimeout(timer);
      waiters.delete(check);
      resolve();
    };
    const timer = setTimeout(() => {
      waiters.delete(check);
      reject(new Error(`timed out after ${timeoutMs} ms: ${describe()}`));
    }, timeoutMs);
    waiters.add(check);
    check();
  });
}

/** A webhook secret in the whsec_ form, new for each test. */
export function newWebhookSecret() {
  return `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64")}`;
}
