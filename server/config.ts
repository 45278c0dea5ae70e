import { z } from "zod";
import { RECAPTCHA_TEST_SITE_KEY } from "~/config/recaptcha";
import { hardeningEnv, isPublicSiteUrl } from "./hardening-config";

/*
 * All runtime configuration, read once at start-up from environment variables (documented in README.md).
 * Bad values stop the server with a readable list rather than failing later.
 */

// Google's published test keys: the widget always passes. Fine for development, refused in production.
export { RECAPTCHA_TEST_SITE_KEY };
export const RECAPTCHA_TEST_SECRET_KEY = "6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe";

const list = z
  .string()
  .optional()
  .transform((value) => (value ?? "").split(",").map((item) => item.trim()).filter(Boolean));

const envSchema = z.object({
  NODE_ENV: z.string().default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  SITE_URL: z.url().optional(),
  STATIC_DIR: z.string().default("build/client"),
  DATABASE_URL: z.string().default("file:./data/messages.db"),
  RECAPTCHA_SECRET_KEY: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.url().default("https://www.google.com/recaptcha/api/siteverify"),
  RECAPTCHA_HOSTNAMES: list,
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  ALLOWED_ORIGINS: list,
  ...hardeningEnv,
  LOG_LEVEL: z.enum(["info", "silent"]).default("info"),
});

export type ServerConfig = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const values = parsed.data;
  const usingTestKeys = !values.RECAPTCHA_SECRET_KEY || values.RECAPTCHA_SECRET_KEY === RECAPTCHA_TEST_SECRET_KEY;
  if (usingTestKeys && (values.NODE_ENV === "production" || isPublicSiteUrl(values.SITE_URL))) {
    const why = values.NODE_ENV === "production" ? "in production" : `for the public site ${values.SITE_URL}`;
    throw new Error(`RECAPTCHA_SECRET_KEY is not set (or is Google's test secret): refusing to start ${why} with Google's always-pass test keys.`);
  }
  return {
    ...values,
    siteUrl: values.SITE_URL?.replace(/\/+$/, ""),
    recaptchaSecret: values.RECAPTCHA_SECRET_KEY ?? RECAPTCHA_TEST_SECRET_KEY,
    usingTestKeys,
  };
}
