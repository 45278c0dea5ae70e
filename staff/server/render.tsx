import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { safeNext, type StaffContext } from "./context";
import { StaffDocument } from "../app/document";
import { Forbidden } from "../app/pages/forbidden";
import { SignedOut } from "../app/pages/signed-out";

/*
 * Workspace pages are React components rendered on the server, one request at a time: every page works before its
 * script runs and without it, forms post and answer with a redirect (so Back and reload never repeat an action), and
 * what a page says happened is read from the store, never from the URL.
 */

export type PageOptions = {
  /** The page's title and <h1>. */
  title: string;
  body: ReactNode;
  status?: 200 | 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 503;
};

export function renderPage(c: StaffContext, { title, body, status = 200 }: PageOptions): Response {
  const html = renderToString(
    <StaffDocument title={title} person={c.get("person") ?? null} assets={c.get("assets")} path={new URL(c.req.url).pathname}>
      {body}
    </StaffDocument>,
  );
  return c.html(`<!doctype html>${html}`, status);
}

export function renderForbidden(c: StaffContext): Response {
  return renderPage(c, { title: "Not for your role", body: <Forbidden />, status: 403 });
}

/** Form fields whose text a person typed (and would lose): given back on the signed-out page. */
const TYPED_FIELDS = ["note", "text", "message"];

/**
 * A form posted by a tab whose session has ended: nothing was changed; the page links to signing in and back to the
 * page the form was on (its Referer, sent for this origin only), and gives back what was typed.
 */
export async function renderSignedOut(c: StaffContext): Promise<Response> {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const typed = TYPED_FIELDS.map((name) => form[name]).filter((value): value is string => typeof value === "string" && value.trim() !== "");
  let back = "/";
  try {
    const referer = new URL(c.req.header("referer") ?? "");
    if (referer.origin === new URL(c.req.url).origin) back = referer.pathname + referer.search;
  } catch {
    // No usable Referer: the start page.
  }
  return renderPage(c, { title: "You are signed out", body: <SignedOut next={safeNext(back)} typed={typed} />, status: 401 });
}
