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
