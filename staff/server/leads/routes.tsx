import type { Hono } from "hono";
import { toCsv } from "../../../server/contact/csv";
import { channels as allChannels, inboxViews, isOutcome, type Enqueue, type HistoryEntry, type InboxView, type Lead, type StoredMessage } from "../../../server/db/store";
import { deleteEmlPreviews } from "../../../server/delivery/email";
import { leadReference, shortTime, sourceFields } from "../../../server/delivery/lead-text";
import { businessMsBetween, type Calendar } from "../../../server/leads/business-hours";
import { formatMinutes } from "../../../server/leads/follow-up";
import { DeliveriesPage } from "../../app/pages/leads-deliveries";
import { LeadsInbox, viewLabels, type InboxRow } from "../../app/pages/leads";
import { EraseConfirm, LeadPage, outcomeLabels, type LeadFormState, type LeadView } from "../../app/pages/leads-lead";
import type { StaffDeps } from "../app";
import { requireRole, type StaffContext, type StaffEnv } from "../context";
import { renderPage } from "../render";

/*
 * Sales' leads inbox and lead pages, and the operator's deliveries page (issue 37). Every action is a form POST that
 * answers 303 back to the page (Back and reload never repeat it), writes one audit line, and what the page then says
 * is read from the store. The lead's holder is the signed-in person's e-mail address, never a typed name.
 */

/** What the lead routes need of the delivery side (server/delivery): the outbox rows of events, and a nudge. */
export type LeadHooks = {
  takeEvent?: () => Enqueue | undefined;
  closeEvent?: () => Enqueue | undefined;
  takeoverNotice?: () => Enqueue | undefined;
  /** Something was queued: deliver it now rather than at the next poll. */
  nudge?: () => void;
  /** The business time from a lead to its first take (lead_take_business_seconds). */
  recordTake?: (businessSeconds: number) => void;
};

/** How many leads a page lists (newest first) and an export holds at most: the inbox never loads every lead. */
export const PAGE_LIMIT = 200;
export const EXPORT_LIMIT = 10_000;
const NOTE_MAX = 2000;
const REFERENCE = /^[0-9a-f]{8}$/i;

const fullName = (lead: StoredMessage) => `${lead.firstName} ${lead.lastName}`;

export function mountLeadRoutes(app: Hono<StaffEnv>, deps: StaffDeps) {
  const { config, store } = deps;
  const hooks = deps.leads ?? {};
  const now = deps.now ?? (() => new Date());
  const timeZone = config.COMPANY_TIME_ZONE;
  const calendar: Calendar = { hours: config.SALES_HOURS, timeZone, holidays: config.SALES_HOLIDAYS };
  const time = (iso: string) => shortTime(iso, timeZone);

  /** Time left to respond (business hours) for an open lead nobody has taken; overdue said in words. */
  const dueText = (lead: StoredMessage): { due: string | null; overdue: boolean } => {
    if (lead.outcome || !lead.respondBy) return { due: null, overdue: false };
    if (lead.takenAt) return { due: "Taken", overdue: false };
    const at = now();
    const deadline = new Date(lead.respondBy);
    if (at < deadline) return { due: `${formatMinutes(businessMsBetween(at, deadline, calendar) / 60_000)} left (business hours)`, overdue: false };
    const late = businessMsBetween(deadline, at, calendar) / 60_000;
    return { due: late < 1 ? "Overdue (just now)" : `Overdue by ${formatMinutes(late)} (business hours)`, overdue: true };
  };
  const closedText = (lead: StoredMessage) =>
    lead.outcome ? `${outcomeLabels[lead.outcome]}, closed by ${lead.closedBy ?? "?"} on ${lead.closedAt ? time(lead.closedAt) : "?"}` : null;

  const readView = (value: string | undefined): InboxView => ((inboxViews as readonly string[]).includes(value ?? "") ? (value as InboxView) : "open");
  const readSearch = (value: string | undefined) => (value ?? "").trim().slice(0, 200);

  /** The one lead a reference names (8 hex digits, any case); undefined for anything else. */
  const leadOf = async (reference: string): Promise<Lead | undefined> => {
    if (!REFERENCE.test(reference)) return undefined;
    // findLeads also reads an all-digit reference as a row id: only the lead whose reference it is counts.
    return (await store.findLeads(reference)).find((lead) => leadReference(lead) === reference.toUpperCase());
  };
  const notFound = (c: StaffContext) =>
    renderPage(c, {
      title: "Lead not found",
      status: 404,
      body: (
        <p>
          No lead has this reference (it may have been erased). <a href="/leads">Back to the leads</a>.
        </p>
      ),
    });

  const historyText = (entry: HistoryEntry): string => {
    if (entry.kind === "take") return `${entry.actor} ${entry.takeover ? "took it over" : "took it"}`;
    if (entry.kind === "note") return `${entry.actor} noted: ${entry.note}`;
    if (entry.kind === "close") return `${entry.actor} closed it: ${outcomeLabels[entry.outcome]}${entry.note ? `. Note: ${entry.note}` : ""}`;
    return `${entry.actor} reopened it`;
  };
  const deliveryText = (delivery: Lead["deliveries"][number]) => {
    const name = channelNames[delivery.channel] ?? delivery.channel;
    if (delivery.status === "sent") return `${name}: sent ${delivery.sentAt ? time(delivery.sentAt) : ""}`.trim();
    if (delivery.status === "failed") return `${name}: failed after ${delivery.attempts} attempts (${delivery.lastError ?? "no reason recorded"})`;
    if (delivery.status === "settled") return `${name}: not sent${delivery.lastError ? ` (${delivery.lastError})` : ""}`;
    if (delivery.status === "previewed") return `${name}: written as a preview only, nobody got it`;
    return `${name}: waiting${delivery.nextAttemptAt ? `, next try ${time(delivery.nextAttemptAt)}` : ""}`;
  };

  const leadPage = async (c: StaffContext, lead: Lead, form?: LeadFormState, status?: 400 | 409 | 422) => {
    const history = await store.leadHistory(lead.id);
    const view: LeadView = {
      reference: leadReference(lead),
      name: fullName(lead),
      email: lead.email,
      company: lead.company,
      message: lead.message,
      received: time(lead.createdAt),
      verification: lead.verification === "verified" ? null : `Not verified (${lead.verificationNote ?? "no reason recorded"}): read it before answering`,
      holder: lead.takenBy ?? null,
      closed: closedText(lead),
      ...dueText(lead),
      source: sourceFields(lead.source),
      deliveries: lead.deliveries.map(deliveryText),
      history: history.map((entry) => ({ at: time(entry.at), text: historyText(entry) })),
    };
    const person = c.get("person")!;
    return renderPage(c, {
      title: `Lead ${view.reference}`,
      status,
      body: <LeadPage lead={view} me={person.email} operator={person.roles.includes("operator")} timeZone={timeZone} form={form} />,
    });
  };

  const form = async (c: StaffContext) => (await c.req.parseBody().catch(() => ({}))) as Record<string, unknown>;
  const textField = (value: unknown) => (typeof value === "string" ? value.replace(/\r\n/g, "\n").trim() : "");
  const back = (c: StaffContext, reference: string) => c.redirect(`/leads/${reference}`, 303);
  app.get("/leads", requireRole("sales"), async (c) => {
    const view = readView(c.req.query("view"));
    const search = readSearch(c.req.query("q"));
    const leads = await store.inboxLeads({ view, search, person: c.get("person")!.email, limit: PAGE_LIMIT + 1 });
    const rows: InboxRow[] = leads.slice(0, PAGE_LIMIT).map((lead) => {
      const { due, overdue } = dueText(lead);
      return {
        reference: leadReference(lead),
        name: fullName(lead),
        company: lead.company,
        received: time(lead.createdAt),
        due: due ?? "No deadline",
        overdue,
        holder: lead.takenBy ?? null,
        outcome: closedText(lead),
      };
    });
    return renderPage(c, {
      title: view === "open" ? "Leads" : `Leads: ${viewLabels[view].toLowerCase()}`,
      body: <LeadsInbox view={view} search={search} rows={rows} limited={leads.length > PAGE_LIMIT ? PAGE_LIMIT : null} timeZone={timeZone} />,
    });
  });

  // Before /leads/:reference: "export.csv" is not a reference. The export writes an audit line, so it is a POST
  // (the cross-site check covers it: a page elsewhere cannot make a signed-in person's browser export in their name);
  // a GET of the address (an old bookmark, a link from elsewhere) changes nothing and shows the same list.
  app.get("/leads/export.csv", requireRole("sales"), (c) => {
    const view = readView(c.req.query("view"));
    const search = readSearch(c.req.query("q"));
    return c.redirect(`/leads?${new URLSearchParams({ view, ...(search ? { q: search } : {}) }).toString()}`, 303);
  });
  app.post("/leads/export.csv", requireRole("sales"), async (c) => {
    const body = await form(c);
    const view = readView(typeof body.view === "string" ? body.view : undefined);
    const search = readSearch(typeof body.q === "string" ? body.q : undefined);
    const leads = await store.inboxLeads({ view, search, person: c.get("person")!.email, limit: EXPORT_LIMIT });
    // Never the search text: it is often a visitor's name or address, and the log outlives an erasure.
    await c.get("audit")("leads.export", viewLabels[view], `${leads.length} leads${search ? ", filtered by a search" : ""}`);
    const header = ["reference", "firstName", "lastName", "email", "company", "createdAt", "respondBy", "takenBy", "takenAt", "outcome", "closedAt", "closedBy", "landingPage", "campaign", "referrer"];
    const rows = leads.map((lead) => [
      leadReference(lead),
      lead.firstName,
      lead.lastName,
      lead.email,
      lead.company,
      lead.createdAt,
      lead.respondBy ?? null,
      lead.takenBy ?? null,
      lead.takenAt ?? null,
      lead.outcome ?? null,
      lead.closedAt ?? null,
      lead.closedBy ?? null,
      lead.source?.landingPage ?? null,
      lead.source?.utm?.campaign ?? null,
      lead.source?.referrer ?? null,
    ]);
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="leads-${view}-${now().toISOString().slice(0, 10)}.csv"`);
    return c.body(toCsv(header, rows));
  });

  app.get("/leads/:reference", requireRole("sales"), async (c) => {
    const lead = await leadOf(c.req.param("reference"));
    return lead ? leadPage(c, lead) : notFound(c);
  });

  app.post("/leads/:reference/take", requireRole("sales"), async (c) => {
    const lead = await leadOf(c.req.param("reference"));
    if (!lead) return notFound(c);
    const reference = leadReference(lead);
    const me = c.get("person")!.email;
    const body = await form(c);
    // Already mine (a double click, a form sent twice): nothing to do.
    if (lead.takenBy?.toLowerCase() === me.toLowerCase()) return back(c, reference);
    const takeover = body.action === "takeover";
    const recorded = await store.takeLead(lead.id, { takenBy: me, takenAt: now().toISOString(), takeover, event: hooks.takeEvent?.(), notice: takeover ? hooks.takeoverNotice?.() : undefined });
    const after = (await leadOf(reference)) ?? lead;
    if (!recorded) {
      // Someone took it first: nothing changed, and the page says who.
      return leadPage(c, after, { error: `${after.takenBy ?? "Someone"} took this lead first: nothing changed. If you are answering it instead, take it over.` }, 409);
    }
    await c.get("audit")("lead.take", reference, lead.takenBy ? `took over from ${lead.takenBy}` : null);
    if (!lead.firstTakenAt && after.firstTakenAt) hooks.recordTake?.(businessMsBetween(new Date(after.createdAt), new Date(after.firstTakenAt), calendar) / 1000);
    hooks.nudge?.();
    return back(c, reference);
  });

  app.post("/leads/:reference/close", requireRole("sales"), async (c) => {
    const lead = await leadOf(c.req.param("reference"));
    if (!lead) return notFound(c);
    const reference = leadReference(lead);
    const body = await form(c);
    const note = textField(body.note);
    if (!isOutcome(body.outcome)) return leadPage(c, lead, { error: "Choose an outcome to close the lead.", field: "outcome", closeNote: note }, 422);
    if (note.length > NOTE_MAX) return leadPage(c, lead, { error: `The note is too long: at most ${NOTE_MAX} characters.`, field: "close-note", outcome: body.outcome, closeNote: note }, 422);
    const closed = await store.closeLead(lead.id, { outcome: body.outcome, note: note || null, actor: c.get("person")!.email, at: now().toISOString(), event: hooks.closeEvent?.() });
    // Closed already (another tab, a colleague): the page shows by whom; nothing is written twice.
    if (closed) {
      await c.get("audit")("lead.close", reference, body.outcome);
      hooks.nudge?.();
    }
    return back(c, reference);
  });

  app.post("/leads/:reference/reopen", requireRole("sales"), async (c) => {
    const lead = await leadOf(c.req.param("reference"));
    if (!lead) return notFound(c);
    const reference = leadReference(lead);
    if (await store.reopenLead(lead.id, { actor: c.get("person")!.email, at: now().toISOString() })) await c.get("audit")("lead.reopen", reference, null);
    return back(c, reference);
  });

  app.post("/leads/:reference/note", requireRole("sales"), async (c) => {
    const lead = await leadOf(c.req.param("reference"));
    if (!lead) return notFound(c);
    const reference = leadReference(lead);
    const note = textField((await form(c)).note);
    if (!note) return leadPage(c, lead, { error: "Write the note first: it was empty.", field: "note" }, 422);
    if (note.length > NOTE_MAX) return leadPage(c, lead, { error: `The note is too long: at most ${NOTE_MAX} characters.`, field: "note", note }, 422);
    await store.addNote(lead.id, { actor: c.get("person")!.email, at: now().toISOString(), note });
    // The note itself stays in the lead's history (erased with it), not in the audit log.
    await c.get("audit")("lead.note", reference, null);
    return back(c, reference);
  });

  app.get("/leads/:reference/erase", requireRole("operator"), async (c) => {
    const lead = await leadOf(c.req.param("reference"));
    if (!lead) return notFound(c);
    const count = (await store.listLeads({ email: lead.email })).length;
    return renderPage(c, { title: "Erase this person?", body: <EraseConfirm reference={leadReference(lead)} email={lead.email} count={count} /> });
  });

  app.post("/leads/:reference/erase", requireRole("operator"), async (c) => {
    const lead = await leadOf(c.req.param("reference"));
    if (!lead) return notFound(c);
    if ((await form(c)).confirm !== "yes") return c.redirect(`/leads/${leadReference(lead)}/erase`, 303);
    const ids = await store.eraseByEmail(lead.email);
    // The development previews of the e-mails hold the same personal data.
    await deleteEmlPreviews(config.LEADS_MAIL_DIR, ids);
    // The address is not kept in the log: that would keep what was erased.
    await c.get("audit")("lead.erase", leadReference(lead), `${ids.length} lead${ids.length === 1 ? "" : "s"} of one person erased`);
    return c.redirect("/leads", 303);
  });

  app.get("/deliveries", requireRole("operator"), async (c) => {
    const [stats, failed] = await Promise.all([store.outboxStats(), store.failedDeliveries(PAGE_LIMIT)]);
    return renderPage(c, {
      title: "Deliveries",
      body: (
        <DeliveriesPage
          timeZone={timeZone}
          channels={allChannels.map((channel) => ({ channel: channelNames[channel], ...stats[channel], oldest: stats[channel].oldestPendingAt ? time(stats[channel].oldestPendingAt.toISOString()) : "none" }))}
          failed={failed.map((row) => ({ reference: leadReference(row), name: row.name, channel: channelNames[row.channel], attempts: row.attempts, lastError: row.lastError ?? "no reason recorded" }))}
        />
      ),
    });
  });

  for (const action of ["resend", "settle"] as const) {
    app.post(`/deliveries/:reference/${action}`, requireRole("operator"), async (c) => {
      const lead = await leadOf(c.req.param("reference"));
      if (!lead) return notFound(c);
      const count = action === "resend" ? await store.requeueFailed(lead.id, now()) : await store.settle(lead.id);
      await c.get("audit")(`delivery.${action}`, leadReference(lead), `${count} deliver${count === 1 ? "y" : "ies"}`);
      if (action === "resend") hooks.nudge?.();
      return c.redirect("/deliveries", 303);
    });
  }
}

/** Each channel as an operator reads it. */
const channelNames: Record<(typeof allChannels)[number], string> = {
  email: "Sales e-mail",
  webhook: "Webhook (lead.created)",
  confirmation: "Visitor's confirmation",
  chat: "Chat alert",
  reminder: "Reminder e-mail",
  reminder_chat: "Reminder in chat",
  escalation: "Escalation e-mail",
  take_webhook: "Webhook (lead.taken)",
  close_webhook: "Webhook (lead.closed)",
  takeover_notice: "Take-over notice",
};
