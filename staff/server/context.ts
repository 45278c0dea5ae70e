import type { Context, MiddlewareHandler } from "hono";
import { renderForbidden, renderSignedOut } from "./render";
import type { StaffAssets } from "./assets";

/*
 * What every route of the workspace knows about the request: who is signed in (or nobody) and how to write to the
 * audit log. Set by the app's middleware (app.ts); route modules read it with c.get("person") and c.get("audit").
 */

export const roles = ["sales", "marketing", "operator"] as const;
export type Role = (typeof roles)[number];

/** A member of staff as the workspace knows them: an e-mail address on the list, with roles. */
export type StaffPerson = { id: number; email: string; roles: Role[] };

/**
 * Appends one line to the audit log as the signed-in person (or "server" / the e-mail given). `action` is a short
 * verb phrase ("lead.take", "lead.close", "people.invite"); `subject` what it was done to (a lead's reference, an
 * e-mail address); `detail` anything else worth keeping (never a secret, never a visitor's message).
 */
export type Audit = (action: string, subject?: string | null, detail?: string | null) => Promise<void>;

export type StaffEnv = {
  Variables: {
    person: StaffPerson | null;
    audit: Audit;
    /** The workspace's own stylesheet and script (build/staff), for the page's <head>. */
    assets: StaffAssets;
  };
};

export type StaffContext = Context<StaffEnv>;

/** Operators may do everything; everyone else what their roles name. */
export function hasRole(person: StaffPerson | null, role: Role): boolean {
  return person !== null && (person.roles.includes("operator") || person.roles.includes(role));
}

/**
 * Lets a request through only for a signed-in person with `role`. Nobody signed in: a page (GET) goes to the sign-in
 * page and comes back after; anything else answers 401. Signed in without the role: 403, whatever the URL.
 */
export function requireRole(role: Role | "any"): MiddlewareHandler<StaffEnv> {
  return async (c, next) => {
    const person = c.get("person");
    if (!person) {
      if (c.req.method === "GET" || c.req.method === "HEAD") {
        const url = new URL(c.req.url);
        return c.redirect(`/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`, 303);
      }
      // A form of a tab whose session has ended (signed out, expired, revoked): a page saying nothing changed, with
      // what was typed given back; a script's request (passkeys, the API) gets JSON.
      if ((c.req.header("content-type") ?? "").includes("json") || (c.req.header("accept") ?? "").startsWith("application/json")) return c.json({ ok: false, error: "Sign in first." }, 401);
      return renderSignedOut(c);
    }
    if (role !== "any" && !hasRole(person, role)) return renderForbidden(c);
    await next();
  };
}

/** Where `next` may send someone after signing in: a path of this origin only (never //host or a scheme). */
export function safeNext(next: string | undefined | null): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  return next;
}
