import { randomBytes } from "node:crypto";
import { roles, type Role } from "./context";
import { signInMail, type StaffMailer } from "./mail";
import type { StaffStorage } from "./storage";

/** A sign-in link works once, for 15 minutes. */
export const SIGN_IN_LINK_MS = 15 * 60_000;

/** 32 random bytes, base64url (43 characters): a sign-in token or a session id. */
export const newSecret = () => randomBytes(32).toString("base64url");
/** What a token in a link looks like; anything else is not looked up. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * A plausible e-mail address, lower-cased, or an error to show. Not a full RFC 5322 parser: one @, a dot in the
 * domain, no spaces or control characters, at most 254 characters.
 */
export function parseEmail(raw: unknown): { ok: true; email: string } | { ok: false; error: string } {
  const email = typeof raw === "string" ? raw.trim().toLowerCase() : "";
  if (!email) return { ok: false, error: "Enter your e-mail address, e.g. name@example.com." };
   
  // Only what an address's parts may hold unquoted (RFC 5321 dot-atoms): a comma, quote or angle bracket would make
  // the mail's To header name someone else than the person on the list.
  if (email.length > 254 || !/^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(email)) {
    return { ok: false, error: `"${email.slice(0, 80)}" is not an e-mail address: write it as name@example.com.` };
  }
  return { ok: true, email };
}

/** Roles from "sales,marketing" (or a list of such), or an error naming the unknown ones. */
export function parseRoles(raw: string[] | string | undefined): { ok: true; roles: Role[] } | { ok: false; error: string } {
  const words = (Array.isArray(raw) ? raw : [raw ?? ""]).flatMap((part) => part.split(",")).map((word) => word.trim().toLowerCase()).filter(Boolean);
  if (words.length === 0) return { ok: false, error: `Give at least one role: ${roles.join(", ")}.` };
  const unknown = words.filter((word) => !(roles as readonly string[]).includes(word));
  if (unknown.length > 0) return { ok: false, error: `Unknown role${unknown.length > 1 ? "s" : ""} ${unknown.map((word) => `"${word}"`).join(", ")}: the roles are ${roles.join(", ")}.` };
  return { ok: true, roles: roles.filter((role) => words.includes(role)) };
}

/**
 * Makes a sign-in link for `email` (stored by its hash) and e-mails it. Resolves once the e-mail is sent or written,
 * with the link itself: only `npm run staff -- invite` shows it, and only when it was merely previewed (nobody mailed).
 */
export async function sendSignInLink(
  { staff, mailer, staffUrl }: { staff: StaffStorage; mailer: StaffMailer; staffUrl: string },
  { email, next, now, invitedBy }: { email: string; next: string; now: Date; invitedBy?: string },
): Promise<{ outcome: "sent" | "previewed"; link: string }> {
  const token = newSecret();
  await staff.createSignInLink(token, { email, next }, now, SIGN_IN_LINK_MS);
  const link = `${staffUrl}/sign-in/${token}`;
  return { outcome: await mailer.send(signInMail({ to: email, link, invitedBy })), link };
}
