import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/*
 * The "take this lead" link's token: the lead's public id and an HMAC of it with LEADS_LINK_SECRET, so a token
 * cannot be guessed, made for another lead, or changed without being refused. It carries no visitor data.
 */

export const LINK_SECRET_MIN_CHARS = 32;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const mac = (publicId: string, secret: string) => createHmac("sha256", secret).update(`lead-take:${publicId}`).digest("base64url");

export function takeToken(publicId: string, secret: string): string {
  return `${publicId}.${mac(publicId, secret)}`;
}

/** The public id a token is for, or null for anything not made with this secret (tampered, truncated, unknown). */
export function readTakeToken(token: string, secret: string): string | null {
  const [publicId, given, extra] = token.split(".");
  if (!publicId || !given || extra !== undefined || !UUID.test(publicId)) return null;
  const expected = Buffer.from(mac(publicId, secret));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? publicId : null;
}

/** Outside production without LEADS_LINK_SECRET: a secret for this process only (links die with it). */
export const ephemeralLinkSecret = () => randomBytes(32).toString("base64url");
