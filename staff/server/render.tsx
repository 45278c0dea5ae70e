import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { StaffContext } from "./context";
import { StaffDocument } from "../app/document";
import { Forbidden } from "../app/pages/forbidden";

/*
 * Workspace pages are React components rendered on the server, one request at a time: every page works before its
 * script runs and without it, forms post and answer with a redirect (so Back and reload never repeat an action), and
 * what a page says happened is read from the store, never from the URL.
 */

export type PageOptions = {
  /** The page's title and <h1>. */
  title: string;
  body: ReactNode;
  status?: 200 | 400 | 401 | 403 | 404 | 409 | 410 | 422 | 429 | 503;
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
