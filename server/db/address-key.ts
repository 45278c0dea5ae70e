import { createHash } from "node:crypto";

/*
 * The once-a-day rule of the visitor's confirmation counts inboxes, not spellings: `Victim+1@Gmail.com`,
 * `victim+2@gmail.com` and `v.ictim@googlemail.com` all reach one mailbox and must share one turn.
 */

/** Domains whose mail servers ignore dots in the local part, mapped to one name (Google treats both as one). */
const DOTLESS_DOMAINS: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/**
 * Domains that are one mailbox per name: an account's name at each of them reaches the same inbox, and nobody
 * else can hold that name at another of them (Apple's iCloud; Proton).
 */
const SAME_INBOX_DOMAINS: Record<string, string> = {
  "me.com": "icloud.com",
  "mac.com": "icloud.com",
  "protonmail.com": "proton.me",
  "protonmail.ch": "proton.me",
  "pm.me": "proton.me",
};

/**
 * The mailbox an address reaches, as far as the big providers' rules go: lower case, without a `+tag`, and for
 * Gmail without dots in the local part and with googlemail.com read as gmail.com; the other domains of iCloud and
 * Proton read as icloud.com and proton.me.
 */
export function normaliseAddress(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  domain = SAME_INBOX_DOMAINS[domain] ?? domain;
  const plus = local.indexOf("+");
  // A local part that is only a tag ("+x@") keeps it: there is no mailbox name left to strip it from.
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    domain = dotless;
    local = local.replaceAll(".", "") || local;
  }
  return `${local}@${domain}`;
}

/** How an address is kept for the once-a-day rule: a hash of its normalised form, never the address itself. */
export const addressKey = (email: string) => createHash("sha256").update(normaliseAddress(email)).digest("hex");
