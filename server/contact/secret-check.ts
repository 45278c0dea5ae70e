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
 * frequencies (32 identical characters carry none, whatever their length), a repeated pattern, the cheapest
 * reading as words, keyboard rows, sequences and repeats (guessBits), or a run of consecutive characters. The live
 * editor's secret and LEADS_LINK_SECRET (the take links) are judged by it (the editor's name stays out of the site's
 * bundle, e2e/editor.spec.ts). `openssl rand -hex 32` passes with room to spare (about 240 bits).
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
  const guessed = guessBits(secret);
  if (guessed < 90) return `it reads as words, keyboard rows, sequences or repeats worth about ${Math.round(guessed)} bits, fewer than 90`;
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

// Common English words, the words a secret is named with, and the site's own name: whoever guesses tries these
// first. Small on purpose: a word found here costs WORD_BITS, as if drawn from a list of about 500.
const WORDS = new Set(
  `a able about above after character characters again against all also am an and any are arcline as at away back bad be because been before being best better big
  both but by call can car case change changeme child cms come company contact correct could country credential credentials data day default
  demo dev development do does dog done down each early editor end enter every eye fact few find first for from game get give go going good
  great group hand hard have he her here high him his home horse house how i if important in is it its just keep key know lamp
  large last lead leads leave let life link little live local long look love make man many may me money more most my name need never new
  next night no not now number of off old on one only open or other our out over own pass passphrase password people person place please
  point private prod production public put random real really right run sales same say secret secure security see server she should site
  small so some staging staple start state static still strong such super system take test than that the their them then there these they thing
  think this those time to token too top true try turn two under up us use user very want was water way we webhook week well were what
  when where which while who why will with word work world would write year yes you young your battery admin root login master welcome
  letmein monkey dragon sunshine shadow football baseball princess qwerty azerty hello hunter trust nobody mine ours value phrase going
  live golive example sample temp temporary foo bar baz hunter2 abc`.split(/\s+/),
);
// Keyboard rows and alphabets, both ways: "qwerty…", "asdf…", "abc…", "123…".
const SEQUENCES = ["qwertyuiop", "asdfghjkl", "zxcvbnm", "azertyuiop", "qwertzuiop", "1234567890", "abcdefghijklmnopqrstuvwxyz", "0123456789"].flatMap((row) => [row, [...row].reverse().join("")]);
const WORD_BITS = 9;
const RUN_BITS = 8;

/**
 * The cheapest way to write the secret down, in bits, as a guesser would: each character by its own class (a
 * letter log2 26, plus one bit when the secret mixes cases; a digit log2 10; a symbol log2 33 the first time,
 * one bit when it comes again; hex digits 4 when the secret is hex) or, where it reads so, a common word in any
 * case (camelCase is just words), a keyboard row or alphabet run, a part seen earlier, or a year. Random
 * strings read as characters, and 32 of them carry 120 bits or more; phrases and patterns come to far fewer.
 */
export function guessBits(secret: string): number {
  const lower = secret.toLowerCase();
  const mixedCase = secret !== lower && secret !== secret.toUpperCase();
  const hex = /^[\da-f]+$/i.test(secret);
  const charBits = (i: number) => {
    const char = secret.charAt(i);
    if (hex) return 4;
    if (/\d/.test(char)) return Math.log2(10);
    if (/[a-z]/i.test(char)) return Math.log2(26) + (mixedCase ? 1 : 0);
    // The first use of each symbol is a choice among the printable ones, the next uses repeat it.
    return secret.indexOf(char) === i ? Math.log2(33) : 1;
  };
  // A word's case: lower, Capitalised or UPPER costs a bit in a mixed-case secret; anything else one a letter.
  const caseBits = (part: string) => (!mixedCase || part === part.toLowerCase() || part === part.toUpperCase() || part.slice(1) === part.slice(1).toLowerCase() ? (mixedCase ? 1 : 0) : part.length);
  const best = new Array<number>(secret.length + 1).fill(Infinity);
  best[0] = 0;
  for (let i = 0; i < secret.length; i++) {
    const from = best[i] ?? Infinity;
    const offer = (end: number, bits: number) => {
      if (from + bits < (best[end] ?? Infinity)) best[end] = from + bits;
    };
    offer(i + 1, charBits(i));
    for (let end = i + 2; end <= Math.min(secret.length, i + 12); end++) {
      const part = lower.slice(i, end);
      if (WORDS.has(part)) offer(end, WORD_BITS + caseBits(secret.slice(i, end)));
    }
    for (const row of SEQUENCES) {
      let end = i;
      const start = row.indexOf(lower.charAt(i));
      if (start < 0) continue;
      while (end < secret.length && row[start + end - i] === lower[end]) end++;
      for (let stop = i + 3; stop <= end; stop++) offer(stop, RUN_BITS);
    }
    // A part of three or more characters that came before costs where it was and how long it is.
    for (let end = i + 3; end <= secret.length && lower.slice(0, i).includes(lower.slice(i, end)); end++) offer(end, RUN_BITS);
    if (/^(19|20)\d\d/.test(secret.slice(i, i + 4))) offer(i + 4, 7);
  }
  return best[secret.length] ?? Infinity;
}
