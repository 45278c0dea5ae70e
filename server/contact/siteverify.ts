/*
 * Server-side check of a reCAPTCHA v2 token against Google's siteverify API
 * (https://developers.google.com/recaptcha/docs/verify). Tokens are single-use and expire after two minutes.
 */

export type VerifyOutcome =
  /** Google vouched for the token. */
  | { kind: "verified"; hostname?: string }
  /** The visitor's token is bad, expired, reused or from another site: they must redo the check. */
  | { kind: "rejected"; reason: string }
  /**
   * We could not get an answer we can trust: not the visitor's fault. `configError` marks our own
   * misconfiguration (wrong or missing secret, malformed request): it will not heal by itself, so it is logged
   * at error level and the stored lead says so.
   */
  | { kind: "unavailable"; reason: string; configError?: true; codes?: string[] };

export type VerifyOptions = {
  url: string;
  secret: string;
  token: string;
  remoteIp?: string;
  /** When non-empty, the hostname Google reports must be one of these. */
  hostnames?: string[];
  timeoutMs?: number;
  fetch?: typeof fetch;
};

// Error codes that mean our request or secret is wrong, not the visitor's token.
const ourFault = new Set(["missing-input-secret", "invalid-input-secret", "bad-request"]);

type SiteverifyAnswer = { success?: unknown; hostname?: unknown; "error-codes"?: unknown };

export async function verifyRecaptcha({ url, secret, token, remoteIp, hostnames = [], timeoutMs = 5000, fetch: doFetch = fetch }: VerifyOptions): Promise<VerifyOutcome> {
  const form = new URLSearchParams({ secret, response: token });
  if (remoteIp) form.set("remoteip", remoteIp);

  let answer: SiteverifyAnswer;
  try {
    const response = await doFetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return { kind: "unavailable", reason: `siteverify HTTP ${response.status}` };
    answer = (await response.json()) as SiteverifyAnswer;
    if (typeof answer !== "object" || answer === null) return { kind: "unavailable", reason: "siteverify answer is not an object" };
  } catch (error) {
    const name = (error as Error).name;
    if (name === "TimeoutError" || name === "AbortError") return { kind: "unavailable", reason: `siteverify timeout after ${timeoutMs} ms` };
    if (name === "SyntaxError") return { kind: "unavailable", reason: "siteverify answer is not JSON" };
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { kind: "unavailable", reason: `siteverify unreachable${cause ? ` (${cause})` : ""}` };
  }

  const codes = Array.isArray(answer["error-codes"]) ? answer["error-codes"].map(String) : [];
  if (answer.success !== true) {
    if (codes.some((code) => ourFault.has(code))) {
      return { kind: "unavailable", configError: true, codes, reason: `configuration error: siteverify refused our request (${codes.join(", ")}); check RECAPTCHA_SECRET_KEY` };
    }
    return { kind: "rejected", reason: codes.join(", ") || "not successful" };
  }
  const hostname = typeof answer.hostname === "string" ? answer.hostname : undefined;
  if (hostnames.length > 0 && (!hostname || !hostnames.includes(hostname.toLowerCase()))) {
    return { kind: "rejected", reason: `hostname ${hostname ?? "(none)"} not allowed` };
  }
  return { kind: "verified", hostname };
}
