import type { Logger } from "../logger";
import { verifyRecaptcha } from "./siteverify";

/*
 * A wrong or rotated RECAPTCHA_SECRET_KEY makes every siteverify call fail "on our side", which the API must
 * treat as unverified rather than blame visitors: the bot check would be silently off. So the secret is tried
 * once at start-up with a dummy token. siteverify answers `invalid-input-secret` for a wrong secret and
 * `invalid-input-response` for a right secret with a dummy token (Google's test secret: success).
 */

export const STARTUP_CHECK_TOKEN = "startup-secret-check";

export type SecretCheck =
  | { status: "ok" }
  | { status: "wrong"; reason: string }
  /** No trustworthy answer (Google unreachable, HTTP error, bad-request): nothing known about the secret. */
  | { status: "unknown"; reason: string };

export async function checkRecaptchaSecret(options: { url: string; secret: string; timeoutMs?: number; fetch?: typeof fetch }): Promise<SecretCheck> {
  const outcome = await verifyRecaptcha({ ...options, token: STARTUP_CHECK_TOKEN });
  if (outcome.kind !== "unavailable") return { status: "ok" };
  const secretCodes = (outcome.codes ?? []).filter((code) => code === "invalid-input-secret" || code === "missing-input-secret");
  if (secretCodes.length > 0) return { status: "wrong", reason: secretCodes.join(", ") };
  return { status: "unknown", reason: outcome.reason };
}

/**
 * Runs the check for the server. Throws (the server must not start) only for a secret Google refuses with
 * NODE_ENV=production; otherwise logs: an error for a wrong secret, a warning when Google cannot be asked.
 */
export async function checkRecaptchaSecretAtStartup(
  config: { NODE_ENV: string; RECAPTCHA_VERIFY_URL: string; recaptchaSecret: string },
  log: Logger,
  check: typeof checkRecaptchaSecret = checkRecaptchaSecret,
): Promise<SecretCheck> {
  const result = await check({ url: config.RECAPTCHA_VERIFY_URL, secret: config.recaptchaSecret });
  if (result.status === "wrong") {
    const text = `RECAPTCHA_SECRET_KEY is wrong: siteverify (${config.RECAPTCHA_VERIFY_URL}) answered ${result.reason}. Every message would be stored unverified.`;
    if (config.NODE_ENV === "production") throw new Error(`${text} Refusing to start with NODE_ENV=production: set the secret that belongs to the site key.`);
    log.error({ msg: "recaptcha secret refused", detail: text });
  } else if (result.status === "unknown") {
    log.warn({ msg: "recaptcha secret not checked", reason: result.reason, detail: "siteverify could not be asked at start-up; messages are stored unverified until it answers" });
  }
  return result;
}

/**
 * Why a secret is too predictable to be one, or undefined: an estimate of its entropy from its own character
 * frequencies (32 identical characters carry none, whatever their length), a repeated pattern, or a run of
 * consecutive characters. The live editor's secret and LEADS_LINK_SECRET (the take links) are judged by it (the editor's name stays out of the site's bundle, e2e/editor.spec.ts). `openssl rand -hex 32` passes with room to spare (about 240 bits).
 */
export function weakSecret(secret: string): string | undefined {
  if (secret.length < 32) return "it must be at least 32 characters";
  const counts = new Map<string, number>();
  for (const char of secret) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= count * Math.log2(count / secret.length);
  if (bits < 64) return `its characters carry about ${Math.round(bits)} bits, fewer than 64`;
  // Parts of itself repeated ("changeme-changeme-…", a counter): in a random secret a 3-character sequence
  // seldom comes twice (about 0.5 times in 64 hex digits); here over a quarter of them do.
  const seen = new Set<string>();
  let repeats = 0;
  for (let i = 0; i + 3 <= secret.length; i++) {
    const gram = secret.slice(i, i + 3);
    if (seen.has(gram)) repeats++;
    seen.add(gram);
  }
  if (repeats > (secret.length - 2) / 4) return "it repeats parts of itself";
  // Words joined by separators, in one case ("a-test-secret-of-…"): about 11 bits a word (a list of 2,000 common
  // words), 3.3 a digit, 1 a separator. Random hex has no separator; random base64url mixes cases.
  if (/[-_ .]/.test(secret) && (secret === secret.toLowerCase() || secret === secret.toUpperCase())) {
    let wordBits = 0;
    for (const token of secret.match(/[a-z]+|\d+|[^a-z\d]/gi) ?? []) wordBits += /\d/.test(token) ? token.length * 3.32 : /[a-z]/i.test(token) ? Math.min(11, token.length * 4.7) : 1;
    if (wordBits < 90) return `its words carry about ${Math.round(wordBits)} bits, fewer than 90`;
  }
  // Text written in hex or base64 (`xxd -p` of a phrase) is as weak as the text: judged as the text.
  const decoded = /^([\da-f]{2})+$/i.test(secret) ? Buffer.from(secret, "hex") : /^[\w+/-]+={0,2}$/.test(secret) && secret.length % 4 !== 1 ? Buffer.from(secret, "base64") : undefined;
  const text = decoded?.toString("latin1");
  if (text && /^[\x20-\x7e]+$/.test(text) && /[a-z]{4}/i.test(text)) {
    const inner = weakSecret(text.padEnd(32, text));
    if (inner) return `it is text written in ${/^[\da-f]+$/i.test(secret) ? "hex" : "base64"}, and ${inner}`;
  }
  for (let period = 1; period <= secret.length / 2; period++) {
    if (secret.slice(period) === secret.slice(0, secret.length - period)) return "it repeats a shorter pattern";
  }
  let steps = 0;
  for (let i = 1; i < secret.length; i++) if (Math.abs(secret.charCodeAt(i) - secret.charCodeAt(i - 1)) === 1) steps++;
  if (steps > secret.length / 2) return "it is mostly a run of consecutive characters";
  return undefined;
}
