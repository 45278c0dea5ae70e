import { z } from "zod";
import { trustProxyEnv } from "./client-ip";

/*
 * Environment variables of the hardening work (documented in README.md), merged into the server's schema in
 * config.ts. Kept apart so config.ts only needs a line to include them.
 */
const ms = (fallback: number) => z.coerce.number().int().min(1).max(600_000).default(fallback);

export const hardeningEnv = {
  TRUST_PROXY: trustProxyEnv,
  /** Unverified leads (siteverify down or refusing our secret) stored per hour, all visitors together. */
  CONTACT_UNVERIFIED_LIMIT: z.coerce.number().int().min(0).default(20),
  /** A request's headers must arrive within this (slow-loris), the whole request within REQUEST_TIMEOUT_MS. */
  HEADERS_TIMEOUT_MS: ms(20_000),
  REQUEST_TIMEOUT_MS: ms(30_000),
  KEEP_ALIVE_TIMEOUT_MS: ms(5_000),
  /** How long SIGTERM waits for running requests before exiting anyway (status 1): enough for siteverify's 5 s time-out. */
  SHUTDOWN_GRACE_MS: ms(10_000),
};

/**
 * Google's always-pass test keys are refused for any public site, not only with NODE_ENV=production: a
 * forgotten NODE_ENV must not ship a contact form that lets every bot through.
 */
export function isPublicSiteUrl(siteUrl: string | undefined): boolean {
  if (!siteUrl) return false;
  let host: string;
  try {
    host = new URL(siteUrl).hostname.toLowerCase();
  } catch {
    return true;
  }
  return !(host === "localhost" || host.endsWith(".localhost") || host === "127.0.0.1" || host === "[::1]");
}
