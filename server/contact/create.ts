import type { Hono } from "hono";
import type { ServerConfig } from "../config";
import { openDatabase, type Database } from "../db/database";
import type { Logger } from "../logger";
import { createContactApi } from "./routes";

/** Opens the message store and builds the contact API on it: the same wiring for `npm start` and `npm run dev`. */
export async function startContactApi(config: ServerConfig, log: Logger): Promise<{ api: Hono; db: Database }> {
  const db = await openDatabase(config.DATABASE_URL);
  return { api: createContactApi({ config, db, log }), db };
}

/** The start-up warning for Google's always-pass test keys: loud, because they let every bot through. */
export function testKeysWarning(): string {
  const line = "=".repeat(78);
  return [
    line,
    "  WARNING: reCAPTCHA is using Google's public TEST keys: every check passes.",
    "  Set RECAPTCHA_SECRET_KEY (server) and VITE_RECAPTCHA_SITE_KEY (build) to real keys",
    "  before going live. With NODE_ENV=production the server refuses to start like this.",
    line,
  ].join("\n");
}
