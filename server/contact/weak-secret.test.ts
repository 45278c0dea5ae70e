// @vitest-environment node
import { describe, expect, it } from "vitest";
import { weakSecret } from "./secret-check";

// A seeded generator (mulberry32): the same draws at every run, so a failure can be reproduced.
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (random: () => number, alphabet: string, length: number) => Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");

const LOWER = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";
const recipes: Record<string, (random: () => number) => string> = {
  "hex, 32 characters": (random) => pick(random, "0123456789abcdef", 32),
  "hex, 64 characters": (random) => pick(random, "0123456789abcdef", 64),
  "base64url, 43 characters": (random) => pick(random, LOWER + LOWER.toUpperCase() + DIGITS + "-_", 43),
  "base64, 44 characters": (random) => pick(random, LOWER + LOWER.toUpperCase() + DIGITS + "+/", 43) + "=",
  "[a-z0-9._-], 32 characters": (random) => pick(random, LOWER + DIGITS + "._-", 32),
  "[a-z0-9], 32 characters": (random) => pick(random, LOWER + DIGITS, 32),
  "[A-Za-z0-9], 32 characters": (random) => pick(random, LOWER + LOWER.toUpperCase() + DIGITS, 32),
  "lowercase letters, 32 characters": (random) => pick(random, LOWER, 32),
  "six dashed groups of six lowercase letters (a password manager's)": (random) => Array.from({ length: 6 }, () => pick(random, LOWER, 6)).join("-"),
};

describe("weakSecret", () => {
  for (const [name, make] of Object.entries(recipes)) {
    // Computation only: about a second on a free core, several on a shared one (npm test runs Node 24's copy of
    // these beside the engines' browser), so Vitest's 5 s default would fail it for the machine, not the code.
    it(`passes random secrets: ${name} (at least 99.9% of 20,000 seeded draws)`, { timeout: 30_000 }, () => {
      const random = seeded(name.length * 7919);
      const refused: string[] = [];
      for (let i = 0; i < 20_000; i++) {
        const secret = make(random);
        if (weakSecret(secret)) refused.push(secret);
      }
      expect(refused.length, refused.slice(0, 5).map((secret) => `${secret}: ${weakSecret(secret)}`).join("\n")).toBeLessThanOrEqual(20);
    });
  }

  it("refuses guessable secrets: words in any case or camelCase, the site's name, keyboard rows, repeats", () => {
    for (const secret of [
      "Arcline-Production-Link-Secret-2026",
      "ThisIsMySuperSecretLinkSecret2026",
      "PleaseChangeThisSecretBeforeGoingLive",
      "qwertyuiopasdfghjklzxcvbnm1234567890",
      "changeme-changeme-changeme-changeme-changeme",
      "a".repeat(40),
      "0123456789abcdefghijklmnopqrstuvwxyz",
      "a-test-secret-of-more-than-32-characters",
      "correct-horse-battery-staple-lamp-2024",
      "ARCLINE_PRODUCTION_LINK_SECRET_2026",
      "my-super-secret-password-for-the-site",
    ]) {
      expect(weakSecret(secret), secret).toMatch(/./);
    }
  });
});
