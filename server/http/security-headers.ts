import type { ServerConfig } from "../config";

/**
 * Origins the reCAPTCHA widget loads scripts, frames and images from. react-google-recaptcha's
 * useRecaptchaNet option loads from recaptcha.net without "www", Google's docs use www.recaptcha.net: allow both.
 */
const recaptchaScript = [
  "https://www.google.com/recaptcha/",
  "https://www.gstatic.com/recaptcha/",
  "https://www.recaptcha.net/recaptcha/",
  "https://recaptcha.net/recaptcha/",
];
const recaptchaFrames = [
  "https://www.google.com/recaptcha/",
  "https://recaptcha.google.com/recaptcha/",
  "https://www.recaptcha.net/recaptcha/",
  "https://recaptcha.net/recaptcha/",
];

/** Content-Security-Policy of an HTML page: its own inline scripts by hash, no 'unsafe-inline' for scripts. */
export function pagePolicy(config: ServerConfig, scriptHashes: string[]): string {
  const connect = ["'self'", ...config.ALLOWED_ORIGINS.filter((origin) => origin.startsWith("http"))];
  return [
    "default-src 'self'",
    `script-src 'self' ${[...scriptHashes, ...recaptchaScript].join(" ")}`,
    // The reCAPTCHA widget and the toast library set inline styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https://www.gstatic.com/recaptcha/",
    "font-src 'self'",
    `frame-src ${recaptchaFrames.join(" ")}`,
    `connect-src ${connect.join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(config.siteUrl?.startsWith("https://") ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** Policy of everything that is not a page (API answers, assets): nothing may run or frame it. */
export const resourcePolicy = "default-src 'none'; frame-ancestors 'none'";

export function commonSecurityHeaders(config: Pick<ServerConfig, "siteUrl">): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(config.siteUrl?.startsWith("https://") ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}
