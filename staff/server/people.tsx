import type { Hono } from "hono";
import type { StaffDeps } from "./app";
import { requireRole, type Role, type StaffContext, type StaffEnv } from "./context";
import { createStaffMailer } from "./mail";
import { renderPage } from "./render";
import { parseEmail, parseRoles, sendSignInLink } from "./sign-in-link";
import { formatTime } from "./time";
import { PeoplePage, RevokePage } from "../app/pages/people";
import { AuditPage } from "../app/pages/audit";

/*
 * The operator's pages (issue 37): /staff (people and roles) and /audit (read-only). Every change writes one audit
 * line; the last operator can neither be revoked nor lose the role (the store refuses it in the same write).
 */

const AUDIT_PAGE_SIZE = 50;
const LAST_OPERATOR = "Someone must keep the operator role: give it to another person first.";

export function mountPeopleRoutes(app: Hono<StaffEnv>, deps: StaffDeps) {
  const { config, staff, log } = deps;
  const now = deps.now ?? (() => new Date());
  const mailer = deps.mailer ?? createStaffMailer(config);
  const format = (iso: string) => formatTime(iso, config.COMPANY_TIME_ZONE);

  const peoplePage = async (c: StaffContext, extra: { error?: string; invite?: { email: string; roles: Role[] } } = {}, status: 200 | 404 | 409 | 422 = 200) =>
    renderPage(c, {
      title: "People",
      body: <PeoplePage people={await staff.people()} me={c.get("person")!.email} timeZone={config.COMPANY_TIME_ZONE} format={format} {...extra} />,
      status,
    });

  const formOf = async (c: StaffContext) => {
    const form = await c.req.parseBody({ all: true }).catch(() => ({}) as Record<string, unknown>);
    const list = (value: unknown) => (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((item): item is string => typeof item === "string");
    return { email: typeof form.email === "string" ? form.email : "", roles: list(form.roles) };
  };

  app.get("/staff", requireRole("operator"), (c) => peoplePage(c));

  app.post("/staff/invite", requireRole("operator"), async (c) => {
    const form = await formOf(c);
    const email = parseEmail(form.email);
    const chosen = parseRoles(form.roles);
    const kept = { email: form.email.slice(0, 254), roles: chosen.ok ? chosen.roles : [] };
    if (!email.ok) return peoplePage(c, { error: email.error, invite: kept }, 422);
    if (!chosen.ok) return peoplePage(c, { error: "Choose at least one role.", invite: kept }, 422);
    const me = c.get("person")!.email;
    const person = await staff.addPerson(email.email, chosen.roles, me, now());
    if (!person) return peoplePage(c, { error: `${email.email} is already on the list: change their roles below.`, invite: kept }, 409);
    await c.get("audit")("people.invite", person.email, `roles: ${person.roles.join(", ")}`);
    await sendSignInLink({ staff, mailer, staffUrl: config.staffUrl ?? "" }, { email: person.email, next: "/", now: now(), invitedBy: me }).catch((error: Error) =>
      log.error({ msg: "staff invitation not sent", error: error.message }),
    );
    return c.redirect("/staff", 303);
  });

  app.post("/staff/roles", requireRole("operator"), async (c) => {
    const form = await formOf(c);
    const email = parseEmail(form.email);
    const chosen = parseRoles(form.roles);
    if (!email.ok) return peoplePage(c, { error: email.error }, 422);
    if (!chosen.ok) return peoplePage(c, { error: `Give ${email.email} at least one role, or revoke them.` }, 422);
    const before = await staff.person(email.email);
    const result = await staff.setRoles(email.email, chosen.roles);
    if (!result.ok) return peoplePage(c, { error: result.reason === "not-found" ? `${email.email} is not on the list.` : LAST_OPERATOR }, result.reason === "not-found" ? 404 : 409);
    if (before?.roles.join(",") !== result.person.roles.join(",")) {
      await c.get("audit")("people.roles", email.email, `${result.person.roles.join(", ")} (was ${before?.roles.join(", ") ?? "none"})`);
    }
    return c.redirect("/staff", 303);
  });

  app.get("/staff/revoke", requireRole("operator"), async (c) => {
    const email = parseEmail(c.req.query("email"));
    const person = email.ok ? await staff.person(email.email) : null;
    if (!person) return peoplePage(c, { error: "That person is not on the list." }, 404);
    return renderPage(c, { title: `Revoke ${person.email}?`, body: <RevokePage person={person} /> });
  });

  app.post("/staff/revoke", requireRole("operator"), async (c) => {
    const form = await formOf(c);
    const email = parseEmail(form.email);
    if (!email.ok) return peoplePage(c, { error: email.error }, 422);
    const person = await staff.person(email.email);
    const result = await staff.removePerson(email.email);
    if (!result.ok) {
      if (result.reason === "not-found" || !person) return peoplePage(c, { error: `${email.email} is not on the list.` }, 404);
      return renderPage(c, { title: `Revoke ${person.email}?`, body: <RevokePage person={person} error={LAST_OPERATOR} />, status: 409 });
    }
    await c.get("audit")("people.revoke", email.email, person ? `roles: ${person.roles.join(", ")}` : null);
    // Revoking oneself ends this very session: the redirect lands on the sign-in page.
    return c.redirect("/staff", 303);
  });

  app.get("/audit", requireRole("operator"), async (c) => {
    const raw = (c.req.query("person") ?? "").trim().slice(0, 254);
    const person = raw ? raw.toLowerCase() : "";
    const page = Math.max(1, Math.min(1_000_000, Number.parseInt(c.req.query("page") ?? "1", 10) || 1));
    const { lines, total } = await staff.audit({ person: person || undefined, limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE });
    const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
    return renderPage(c, { title: "Audit log", body: <AuditPage lines={lines} total={total} page={page} pages={pages} person={person} timeZone={config.COMPANY_TIME_ZONE} format={format} /> });
  });
}
