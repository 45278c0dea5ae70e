import type { Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { clientIp, rateLimitKey } from "../../server/http/client-ip";
import { createRateLimiter, type RateLimiter } from "../../server/contact/rate-limit";
import { site } from "~/config/site";
import type { StaffDeps } from "./app";
import { requireRole, safeNext, type StaffContext, type StaffEnv } from "./context";
import { sessionCookieName } from "./cookies";
import { createStaffMailer } from "./mail";
import { renderPage } from "./render";
import { newSecret, parseEmail, sendSignInLink, TOKEN_PATTERN } from "./sign-in-link";
import { SESSION_MAX_MS } from "./storage";
import { formatTime } from "./time";
import { SignInLinkPage, SignInPage, SignInSentPage } from "../app/pages/sign-in";
import { AccountPage } from "../app/pages/account";

/*
 * Signing in (issue 37, decision 39): by a link e-mailed to an address on the staff list, or by a passkey; sessions
 * in the store, one cookie. Sign-in links and session ids are 32 random bytes, kept only as hashes.
 */

/** Sign-in link requests are counted per address and per client over this window. */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
/**
 * `next` as asked for (a query or form value): a path of this origin (safeNext), printable ASCII only and of a
 * sane length (it travels in the link's row and ends in a Location header).
 */
export function cleanNext(raw: unknown): string {
  return typeof raw === "string" && raw.length <= 512 && /^[\x21-\x7e]*$/.test(raw) ? safeNext(raw) : "/";
}

/** A WebAuthn ceremony must end within this (the challenge is single use). */
const CHALLENGE_MS = 5 * 60_000;

/**
 * `address`: links asked for one address from one client (the page then says to wait); `client`: all a client asks
 * for; `mailed`: links mailed to one address from anywhere, past which more are silently not sent. So nobody can lock
 * a person out of signing in from elsewhere: the cap is reached only when that many fresh links are in their inbox.
 */
export type SignInLimiters = { address: RateLimiter; client: RateLimiter; mailed: RateLimiter };
/** Links mailed to one address in SIGN_IN_WINDOW_MS, whoever asked: this many times STAFF_SIGN_IN_LIMIT. */
export const MAILED_PER_ADDRESS_FACTOR = 4;

export function mountAuthRoutes(app: Hono<StaffEnv>, deps: StaffDeps) {
  const { config, staff, log } = deps;
  const now = deps.now ?? (() => new Date());
  const staffUrl = () => config.staffUrl ?? "";
  const https = () => staffUrl().startsWith("https://");
  const cookieName = () => sessionCookieName(staffUrl());
  const mailer = deps.mailer ?? createStaffMailer(config);
  if (!deps.mailer && !config.SMTP_URL) {
    log.warn({ msg: "staff sign-in links are written to LEADS_MAIL_DIR as .eml files, nobody is mailed: set SMTP_URL", dir: config.LEADS_MAIL_DIR });
  }
  const createLimiter = deps.createLimiter ?? ((options: { name: string; limit: number; windowMs: number }) => createRateLimiter(options));
  const limiters: SignInLimiters = {
    address: createLimiter({ name: "staff-sign-in-address", limit: config.STAFF_SIGN_IN_LIMIT, windowMs: SIGN_IN_WINDOW_MS }),
    mailed: createLimiter({ name: "staff-sign-in-mailed", limit: config.STAFF_SIGN_IN_LIMIT * MAILED_PER_ADDRESS_FACTOR, windowMs: SIGN_IN_WINDOW_MS }),
    client: createLimiter({ name: "staff-sign-in-client", limit: config.STAFF_SIGN_IN_CLIENT_LIMIT, windowMs: SIGN_IN_WINDOW_MS }),
  };
  // Passkey sign-ins need no address: each start stores a challenge, so starts are limited per client too.
  const passkeyLimiter = createLimiter({ name: "staff-passkey-client", limit: config.STAFF_SIGN_IN_CLIENT_LIMIT * 4, windowMs: SIGN_IN_WINDOW_MS });
  // Keys are keyed hashes where the store provides them (the rate_limits table then holds no address).
  const limitKey = deps.limitKey ?? (async (raw: string) => raw);
  const rpID = () => new URL(staffUrl()).hostname;
  const expectedOrigin = () => new URL(staffUrl()).origin;
  const format = (iso: string) => formatTime(iso, config.COMPANY_TIME_ZONE);

  /** Starts a new session for the person (a new id every time), ending the one this browser had. */
  async function startSession(c: StaffContext, personId: number) {
    const previous = getCookie(c, cookieName());
    if (previous) await staff.deleteSession(previous);
    const id = newSecret();
    await staff.createSession(id, personId, now());
    setCookie(c, cookieName(), id, { httpOnly: true, sameSite: "Lax", path: "/", secure: https(), maxAge: Math.floor(SESSION_MAX_MS / 1000) });
  }

  function endCookie(c: StaffContext) {
    deleteCookie(c, cookieName(), { path: "/", secure: https(), httpOnly: true, sameSite: "Lax" });
  }

  const signInPage = (c: StaffContext, props: Parameters<typeof SignInPage>[0], status: 200 | 400 | 410 | 429 = 200) =>
    renderPage(c, { title: "Sign in", body: <SignInPage {...props} />, status });

  // Shown to a signed-in person too: signing in as someone else (or again) is theirs to choose.
  app.get("/sign-in", (c) => signInPage(c, { next: cleanNext(c.req.query("next")) }));

  app.post("/sign-in", async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const next = cleanNext(form.next);
    const parsed = parseEmail(form.email);
    if (!parsed.ok) return signInPage(c, { next, email: typeof form.email === "string" ? form.email.slice(0, 254) : "", error: parsed.error }, 400);
    const email = parsed.email;
    // Counted before the list is read, the same for every address: being limited says nothing about who works here.
    const ip = clientIp(c as unknown as Context, config.TRUST_PROXY);
    const client = ip ? rateLimitKey(ip) : "unknown";
    const [byClient, byAddress] = await Promise.all([
      limitKey(`client:${client}`).then((key) => limiters.client.reserve(key)),
      limitKey(`email:${email}|${client}`).then((key) => limiters.address.reserve(key)),
    ]);
    if (!byClient.ok || !byAddress.ok) {
      const seconds = Math.max(byClient.ok ? 0 : byClient.retryAfterSeconds, byAddress.ok ? 0 : byAddress.retryAfterSeconds);
      const minutes = Math.max(1, Math.ceil(seconds / 60));
      log.warn({ msg: "staff sign-in link refused: rate limited", by: byClient.ok ? "address" : "client" });
      c.header("Retry-After", String(seconds));
      return signInPage(c, { next, email, error: `Too many sign-in links were asked for from here or for this address. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.` }, 429);
    }
    // Everything that differs between a member and a stranger happens after the answer has gone (setImmediate runs
    // once this handler's response is written), so neither the page nor its timing says who works here.
    setImmediate(() => {
      void (async () => {
        const person = await staff.person(email);
        if (!person) return;
        const mailed = await limitKey(`mailed:${email}`).then((key) => limiters.mailed.reserve(key));
        if (!mailed.ok) return log.warn({ msg: "staff sign-in link not sent: enough fresh links were mailed to this address" });
        const { outcome } = await sendSignInLink({ staff, mailer, staffUrl: staffUrl() }, { email: person.email, next, now: now() });
        log.info({ msg: "staff sign-in link sent", outcome });
      })().catch((error: Error) => log.error({ msg: "staff sign-in link not sent", error: error.message }));
    });
    return c.redirect("/sign-in/check-your-e-mail", 303);
  });

  app.get("/sign-in/check-your-e-mail", (c) => renderPage(c, { title: "Check your e-mail", body: <SignInSentPage /> }));

  // Before /sign-in/:token, which would take "passkey" for a token.
  app.post("/sign-in/passkey/options", async (c) => {
    const ip = clientIp(c as unknown as Context, config.TRUST_PROXY);
    const allowed = await limitKey(`passkey:${ip ? rateLimitKey(ip) : "unknown"}`).then((key) => passkeyLimiter.reserve(key));
    if (!allowed.ok) {
      c.header("Retry-After", String(allowed.retryAfterSeconds));
      return c.json({ ok: false, error: `Too many sign-in attempts from here. Try again in ${Math.max(1, Math.ceil(allowed.retryAfterSeconds / 60))} minutes.` }, 429);
    }
    const options = await generateAuthenticationOptions({ rpID: rpID(), userVerification: "preferred" });
    await staff.saveChallenge(options.challenge, "sign-in", null, new Date(now().getTime() + CHALLENGE_MS));
    return c.json(options);
  });

  app.post("/sign-in/passkey", async (c) => {
    const body = (await c.req.json().catch(() => null)) as { response?: AuthenticationResponseJSON; next?: string } | null;
    const response = body?.response;
    const challenge = response ? challengeOf(response.response?.clientDataJSON) : null;
    const refused = (error = "That passkey did not sign you in. Use the e-mail link instead, or try again.") => c.json({ ok: false, error }, 400);
    if (!response || !challenge || !(await staff.takeChallenge(challenge, "sign-in", now()))) return refused("This sign-in request has expired: try again.");
    const passkey = typeof response.id === "string" ? await staff.passkey(response.id) : null;
    // A passkey of a revoked person went with them; one made on another origin does not verify.
    if (!passkey) return refused();
    let verification;
    try {
      verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: expectedOrigin(),
        expectedRPID: rpID(),
        credential: { id: passkey.credentialId, publicKey: passkey.publicKey, counter: passkey.counter, transports: passkey.transports },
        requireUserVerification: false,
      });
    } catch (error) {
      log.warn({ msg: "staff passkey sign-in refused", error: (error as Error).message });
      return refused();
    }
    if (!verification.verified) return refused();
    const person = await staff.personById(passkey.personId);
    if (!person) return refused();
    await staff.usePasskey(passkey.credentialId, verification.authenticationInfo.newCounter, now());
    await startSession(c, person.id);
    await staff.appendAudit({ at: now().toISOString(), actor: person.email, action: "sign-in", subject: person.email, detail: "passkey" });
    return c.json({ ok: true, next: cleanNext(body?.next) });
  });

  const linkGone = (c: StaffContext) =>
    signInPage(c, { next: "/", error: "This sign-in link has already been used or has expired (links work once, within 15 minutes). Ask for a new one:" }, 410);

  // GET (and HEAD) of a mailed link changes nothing: mail scanners open links before people do.
  app.get("/sign-in/:token", async (c) => {
    const token = c.req.param("token");
    if (!TOKEN_PATTERN.test(token) || (await staff.signInLinkState(token, now())) !== "valid") return linkGone(c);
    return renderPage(c, { title: "Sign in", body: <SignInLinkPage action={`/sign-in/${token}`} /> });
  });

  app.post("/sign-in/:token", async (c) => {
    const token = c.req.param("token");
    const used = TOKEN_PATTERN.test(token) ? await staff.consumeSignInLink(token, now()) : null;
    const person = used ? await staff.person(used.email) : null;
    if (!used || !person) return linkGone(c);
    await startSession(c, person.id);
    await staff.appendAudit({ at: now().toISOString(), actor: person.email, action: "sign-in", subject: person.email, detail: "e-mailed link" });
    return c.redirect(cleanNext(used.next), 303);
  });

  app.post("/sign-out", async (c) => {
    const id = getCookie(c, cookieName());
    const person = c.get("person");
    if (id) await staff.deleteSession(id);
    endCookie(c);
    if (person) await c.get("audit")("sign-out", person.email);
    return c.redirect("/sign-in", 303);
  });

  app.get("/account", requireRole("any"), async (c) => {
    const person = c.get("person")!;
    const passkeys = await staff.passkeysOf(person.id);
    return renderPage(c, { title: "Account", body: <AccountPage person={person} passkeys={passkeys} timeZone={config.COMPANY_TIME_ZONE} format={format} /> });
  });

  app.post("/account/sign-out-everywhere", requireRole("any"), async (c) => {
    const person = c.get("person")!;
    const ended = await staff.deleteSessionsOf(person.id);
    endCookie(c);
    await c.get("audit")("sign-out-everywhere", person.email, `${ended} session${ended === 1 ? "" : "s"} ended`);
    return c.redirect("/sign-in", 303);
  });

  // Passkeys (WebAuthn through @simplewebauthn/server): the relying party is STAFF_URL's host, the origin its origin.
  app.post("/account/passkeys/options", requireRole("any"), async (c) => {
    const person = c.get("person")!;
    const existing = await staff.passkeysOf(person.id);
    const options = await generateRegistrationOptions({
      rpName: `${site.name} staff`,
      rpID: rpID(),
      userName: person.email,
      userID: new TextEncoder().encode(`staff-${person.id}`),
      attestationType: "none",
      excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    });
    await staff.saveChallenge(options.challenge, "register", person.id, new Date(now().getTime() + CHALLENGE_MS));
    return c.json(options);
  });

  app.post("/account/passkeys", requireRole("any"), async (c) => {
    const person = c.get("person")!;
    const response = (await c.req.json().catch(() => null)) as RegistrationResponseJSON | null;
    const challenge = response ? challengeOf(response.response?.clientDataJSON) : null;
    const taken = challenge ? await staff.takeChallenge(challenge, "register", now()) : null;
    if (!response || !challenge || !taken || taken.personId !== person.id) return c.json({ ok: false, error: "This passkey request has expired: try again." }, 400);
    let verification;
    try {
      verification = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: expectedOrigin(), expectedRPID: rpID(), requireUserVerification: false });
    } catch (error) {
      log.warn({ msg: "staff passkey not added", error: (error as Error).message });
      return c.json({ ok: false, error: "The passkey could not be verified: nothing was added." }, 400);
    }
    if (!verification.verified) return c.json({ ok: false, error: "The passkey could not be verified: nothing was added." }, 400);
    const { credential } = verification.registrationInfo;
    await staff.addPasskey({ credentialId: credential.id, personId: person.id, publicKey: credential.publicKey, counter: credential.counter, transports: credential.transports ?? [], createdAt: now().toISOString() });
    await c.get("audit")("passkey.add", person.email, `credential ${credential.id.slice(0, 12)}…`);
    return c.json({ ok: true });
  });

  app.post("/account/passkeys/remove", requireRole("any"), async (c) => {
    const person = c.get("person")!;
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const id = typeof form.credentialId === "string" ? form.credentialId : "";
    if (await staff.removePasskey(person.id, id)) await c.get("audit")("passkey.remove", person.email, `credential ${id.slice(0, 12)}…`);
    return c.redirect("/account", 303);
  });

}

/** The challenge a browser signed, from its clientDataJSON (base64url JSON); null when it is not readable. */
function challengeOf(clientDataJSON: unknown): string | null {
  if (typeof clientDataJSON !== "string") return null;
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown };
    return typeof data.challenge === "string" && data.challenge.length <= 512 ? data.challenge : null;
  } catch {
    return null;
  }
}
