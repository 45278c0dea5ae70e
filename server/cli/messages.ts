/*
 * `npm run messages`: the operator's view of the leads. Reads DATABASE_URL like the server (default
 * file:./data/messages.db) and is safe while the server runs.
 *
 *   npm run messages [-- --format text|json|csv]   every lead with its delivery state, oldest first
 *   npm run messages -- resend <id>                queue a lead's failed deliveries again (id: row id, reference or public id)
 *   npm run messages -- take <id> --by NAME        take a lead (--takeover to take it over)
 *   npm run messages -- verify <id>                mark an unverified lead verified: its reminder and escalation follow
 *   npm run messages -- settle <id>                give up the deliveries that cannot happen, so retention may delete the lead
 *   npm run messages -- export --email ADDRESS     everything stored about one person (JSON)
 *   npm run messages -- erase --email ADDRESS      delete it, and print how many leads were deleted
 *   npm run messages -- status [--max-age 1h]      the outbox per channel; exit 1 if a delivery to the company failed,
 *                                                  waited too long or was only previewed, or a lead is not taken after
 *                                                  two windows
 */
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { toCsv } from "../contact/csv";
import { withStore } from "../db";
import { databaseFile } from "../db/sqlite-store";
import { CHANNEL_NOT_CONFIGURED, DEFAULT_DATABASE_URL, channels, type Delivery, type Lead, type Store } from "../db/store";
import { DEFAULT_MAIL_DIR, deleteEmlPreviews } from "../delivery/email";
import { sourceFields } from "../delivery/lead-text";
import { healthy, outboxProblems, overdueProblems, parseAge, statusReport } from "../ops/outbox-status";
import { visible, visibleFields } from "./terminal-text";
import { loadConfig } from "../config";
import { leadKey } from "../db/store";
import { leadReference, shortTime } from "../delivery/lead-text";
import { businessMsBetween, type Calendar } from "../leads/business-hours";
import { formatMinutes } from "../leads/follow-up";
import { cleanName } from "../leads/take-page";

const USAGE = `Usage:
  npm run messages [-- --format text|json|csv]   every lead with its delivery state
  npm run messages -- resend <id>                queue a lead's failed deliveries again
  npm run messages -- take <id> --by NAME [--takeover]
                                                 take a lead for NAME, as its take link does; --takeover
                                                 takes it over from whoever has it (the history is kept)
  npm run messages -- verify <id>                mark an unverified lead verified (you read it: a person, not a
                                                 bot); its reminder and escalation, held until then, follow
  npm run messages -- settle <id>                give up a lead's deliveries that cannot happen (failed, only
                                                 previewed, or waiting for a channel no instance has), so that
                                                 retention may delete the lead
  npm run messages -- export --email ADDRESS     everything stored about one person (JSON)
  npm run messages -- erase --email ADDRESS      delete everything stored about one person
  npm run messages -- status [--max-age 1h] [--format text|json]
                                                 deliveries per channel and state; exits 1 when one to the company
                                                 has failed, was only previewed, or has waited longer than
                                                 --max-age (s, m, h, d), or when a lead is still not taken
                                                 after two windows (named by reference; an unverified one is
                                                 named as such: read it, then verify or take it); the
                                                 visitor's confirmation only warns
<id> is a lead's row id (42), its reference (the 8 characters a visitor quotes) or its public id.
Reads DATABASE_URL (default ${DEFAULT_DATABASE_URL}); business times read SALES_HOURS, COMPANY_TIME_ZONE, SALES_HOLIDAYS.
`;

const formats = ["text", "json", "csv"] as const;
type Format = (typeof formats)[number];

const columns = ["id", "reference", "publicId", "firstName", "lastName", "email", "company", "message", "createdAt", "verification", "verificationNote"] as const;
const deliveryColumns = ["status", "attempts", "lastError", "sentAt"] as const;
// Where the visit came from, one column per value (pages joined by " > ").
const sourceColumns = {
  sourceLandingPage: (lead: Lead) => lead.source?.landingPage,
  sourceUtmSource: (lead: Lead) => lead.source?.utm?.source,
  sourceUtmMedium: (lead: Lead) => lead.source?.utm?.medium,
  sourceUtmCampaign: (lead: Lead) => lead.source?.utm?.campaign,
  sourceUtmTerm: (lead: Lead) => lead.source?.utm?.term,
  sourceUtmContent: (lead: Lead) => lead.source?.utm?.content,
  sourceReferrer: (lead: Lead) => lead.source?.referrer,
  sourcePages: (lead: Lead) => lead.source?.pages.join(" > "),
};

class UsageError extends Error {}

/* Issue 31: who took each lead and how fast, in business time (SALES_HOURS in COMPANY_TIME_ZONE, less SALES_HOLIDAYS). */
const takeColumns = ["respondBy", "takenBy", "takenAt", "firstTakenAt", "businessMinutesToTake", "outcome", "closedAt", "closedBy"] as const;
type Listed = Lead & { reference: string; businessMinutesToTake: number | null };
function calendarFromEnv(env: NodeJS.ProcessEnv = process.env): Calendar {
  const config = loadConfig({ SALES_HOURS: env.SALES_HOURS, SALES_HOLIDAYS: env.SALES_HOLIDAYS, COMPANY_TIME_ZONE: env.COMPANY_TIME_ZONE });
  return { hours: config.SALES_HOURS, holidays: config.SALES_HOLIDAYS, timeZone: config.COMPANY_TIME_ZONE };
}
const listed = (lead: Lead, calendar: Calendar): Listed => ({
  ...lead,
  reference: leadReference(lead),
  businessMinutesToTake: lead.firstTakenAt ? Math.round(businessMsBetween(new Date(lead.createdAt), new Date(lead.firstTakenAt), calendar) / 60_000) : null,
});
// Times for people read in the company's zone, like the e-mails (issue 37); JSON and CSV keep ISO times.
const at = (iso: string, timeZone: string) => shortTime(iso, timeZone);
function takeLine(lead: Listed, timeZone: string): string {
  if (!lead.takenBy) return `not taken${lead.respondBy ? ` (respond by ${at(lead.respondBy, timeZone)})` : ""}`;
  const first = lead.businessMinutesToTake === null ? "" : `, first taken after ${formatMinutes(lead.businessMinutesToTake)} of business hours`;
  const before = (lead.takes ?? []).slice(0, -1).map((take) => `${take.takenBy} ${at(take.takenAt, timeZone)}`);
  return `taken by ${lead.takenBy} ${lead.takenAt ? at(lead.takenAt, timeZone) : ""}${first}${before.length ? `; before: ${before.join("; ")}` : ""}`;
}
/** "open", or "closed: won by ada@x 27 Nov 2026, 09:15": what became of the lead (issue 37). */
function outcomeLine(lead: Listed, timeZone: string): string {
  if (!lead.outcome) return "open";
  return `closed: ${lead.outcome} by ${lead.closedBy ?? "?"} ${lead.closedAt ? at(lead.closedAt, timeZone) : ""}`.trim();
}

/** The one lead an operator's id names (row id, reference or public id), or a usage error saying why not. */
async function oneLead(store: Store, key: string | undefined, command: string): Promise<Lead> {
  if (!key || !leadKey(key)) throw new UsageError(`${command} needs a lead: its row id (42), reference (8 characters) or public id.`);
  const found = await store.findLeads(key);
  if (found.length === 0) throw new Error(`No lead ${key}.`);
  if (found.length > 1) throw new Error(`The reference ${key} names ${found.length} leads (#${found.map((lead) => lead.id).join(", #")}): use the row id or the public id.`);
  return found[0]!;
}

const pick = (lead: Listed) => ({
  ...Object.fromEntries(columns.map((column) => [column, lead[column]])),
  ...Object.fromEntries(takeColumns.map((column) => [column, lead[column] ?? null])),
  takes: lead.takes ?? [],
  source: lead.source ?? null,
  deliveries: lead.deliveries.map(({ channel, status, attempts, lastError, sentAt }) => ({ channel, status, attempts, lastError, sentAt })),
});

function deliveryLine(delivery: Delivery): string {
  if (delivery.status === "sent") return `${delivery.channel}: sent ${delivery.sentAt ?? ""}`.trim();
  if (delivery.status === "previewed") return `${delivery.channel}: previewed only (written to a development .eml file; no one got it)`;
  if (delivery.status === "settled") return `${delivery.channel}: settled, not delivered${delivery.lastError ? ` (${delivery.lastError})` : ""}`;
  if (delivery.status === "failed") return `${delivery.channel}: failed after ${delivery.attempts} attempts: ${delivery.lastError ?? "no reason recorded"}`;
  if (delivery.lastError === CHANNEL_NOT_CONFIGURED) return `${delivery.channel}: pending, channel not configured (no instance delivers by ${delivery.channel})`;
  const tried = delivery.attempts > 0 ? `, attempt ${delivery.attempts} failed: ${delivery.lastError ?? "no reason recorded"}` : "";
  return `${delivery.channel}: pending${tried}, next try at ${delivery.nextAttemptAt ?? "once the current attempt ends"}`;
}

function asText(leads: Listed[], timeZone: string): string {
  if (leads.length === 0) return `No messages yet.\n`;
  return leads
    .map((m) => {
      const flag = m.verification === "verified" ? "reCAPTCHA verified" : `UNVERIFIED reCAPTCHA (${m.verificationNote ?? "no reason recorded"})`;
      const who = `${m.firstName} ${m.lastName} <${m.email}>${m.company ? `, ${m.company}` : ""}`;
      const deliveries = m.deliveries.length > 0 ? m.deliveries.map(deliveryLine) : ["not delivered: no channel was configured when it arrived"];
      const source = sourceFields(m.source).map(([label, value]) => `  ${label}: ${visible(value)}`);
      return `#${m.id}  ${m.reference}  ${at(m.createdAt, timeZone)}  ${flag}\n  public id ${m.publicId ?? "none"}; ${visible(takeLine(m, timeZone))}; ${visible(outcomeLine(m, timeZone))}\n${who}\n${m.message.replace(/^/gm, "  ")}\n${source.join("\n")}\n${deliveries.map((line) => `  -> ${line}`).join("\n")}\n`;
    })
    .join("\n");
}

function asCsv(leads: Listed[]): string {
  const header = [...columns, ...takeColumns, ...Object.keys(sourceColumns), ...channels.flatMap((channel) => deliveryColumns.map((column) => `${channel}${column[0]!.toUpperCase()}${column.slice(1)}`))];
  const rows = leads.map((lead) => [
    ...columns.map((column) => lead[column]),
    ...takeColumns.map((column) => lead[column] ?? null),
    ...Object.values(sourceColumns).map((value) => value(lead)),
    ...channels.flatMap((channel) => {
      const delivery = lead.deliveries.find((d) => d.channel === channel);
      return deliveryColumns.map((column) => delivery?.[column] ?? null);
    }),
  ]);
  return toCsv(header, rows);
}

function render(leads: Listed[], format: Format, timeZone: string): string {
  if (format === "json") return `${JSON.stringify(leads.map(pick), null, 2)}\n`;
  if (format === "csv") return asCsv(leads);
  // Text goes to a terminal: a visitor's control characters are printed as escapes, never sent to it.
  const listing = asText(leads.map((lead) => visibleFields(lead, ["message"])), timeZone);
  return leads.length > 0 ? `Times in ${timeZone}.\n\n${listing}` : listing;
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      format: { type: "string", short: "f", default: "text" },
      email: { type: "string" },
      by: { type: "string" },
      takeover: { type: "boolean" },
      "max-age": { type: "string", default: "1h" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return void process.stdout.write(USAGE);
  const [command = "list", ...rest] = positionals;
  const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  // Reading must not create an empty database somewhere unexpected (a typo in DATABASE_URL, say).
  const file = url.startsWith("file:") ? databaseFile(url) : undefined;
  const missing = file !== undefined && !existsSync(file);
  if (missing) process.stderr.write(`No database at ${file} (DATABASE_URL=${url}): no messages have been stored there yet.\n`);

  switch (command) {
    case "list": {
      const format = values.format as Format;
      if (!formats.includes(format)) throw new UsageError(`Unknown --format "${values.format}": use one of ${formats.join(", ")}.`);
      const calendar = calendarFromEnv();
      process.stdout.write(render((missing ? [] : await withStore(url, (store) => store.listLeads())).map((lead) => listed(lead, calendar)), format, calendar.timeZone));
      return;
    }
    case "resend": {
      if (missing) throw new Error("resend: no database, so no lead.");
      let id = 0;
      const queued = await withStore(url, async (store) => store.requeueFailed((id = (await oneLead(store, rest[0], "resend")).id), new Date()));
      process.stdout.write(`${queued} failed deliver${queued === 1 ? "y" : "ies"} of lead #${id} queued again.\n`);
      return;
    }
    case "settle": {
      if (missing) throw new Error("settle: no database, so no lead.");
      let id = 0;
      const settled = await withStore(url, async (store) => store.settle((id = (await oneLead(store, rest[0], "settle")).id)));
      process.stdout.write(
        `${settled} deliver${settled === 1 ? "y" : "ies"} of lead #${id} settled${settled > 0 ? ": no longer awaited, so retention may delete the lead" : " (nothing failed, previewed or waiting for a channel no instance has)"}.\n`,
      );
      return;
    }
    case "take": {
      const cleaned = cleanName(values.by);
      if (!cleaned.ok) throw new UsageError(`take needs --by NAME: ${cleaned.error}`);
      if (missing) throw new Error("take: no database, so no lead.");
      const calendar = calendarFromEnv();
      const result = await withStore(url, async (store) => {
        const lead = await oneLead(store, rest[0], "take");
        // The lead.taken webhook goes through the outbox, in the take's transaction, and a server sends it: whatever
        // this shell's environment says, a CRM told of the lead (it has a webhook delivery) is told who took it.
        const told = lead.deliveries.some((delivery) => delivery.channel === "webhook");
        const event = told ? { channel: "take_webhook" as const, externalId: `msg_${randomUUID().replaceAll("-", "")}` } : undefined;
        const recorded = await store.takeLead(lead.id, { takenBy: cleaned.name, takenAt: new Date().toISOString(), takeover: values.takeover === true, event });
        return { recorded, lead: listed((await store.findLeads(String(lead.id)))[0] ?? lead, calendar) };
      });
      const { lead } = result;
      if (!result.recorded) {
        process.exitCode = 1;
        process.stdout.write(`Lead #${lead.id} (${lead.reference}) is already ${visible(takeLine(lead, calendar.timeZone))}: nothing changed (--takeover takes it over).\n`);
      } else process.stdout.write(`Lead #${lead.id} (${lead.reference}) ${visible(takeLine(lead, calendar.timeZone))}.\n`);
      return;
    }
    case "verify": {
      if (missing) throw new Error("verify: no database, so no lead.");
      let lead: Lead | undefined;
      const changed = await withStore(url, async (store) => store.markVerified((lead = await oneLead(store, rest[0], "verify")).id));
      const name = `Lead #${lead!.id} (${leadReference(lead!)})`;
      process.stdout.write(changed ? `${name} is marked verified: its reminder and escalation are sent when due (at once if past).\n` : `${name} was already verified: nothing changed.\n`);
      return;
    }
    case "export":
    case "erase": {
      const email = values.email?.trim();
      if (!email) throw new UsageError(`${command} needs an address: npm run messages -- ${command} --email ada@example.com`);
      if (command === "export") {
        const leads = missing ? [] : await withStore(url, (store) => store.listLeads({ email }));
        process.stdout.write(`${JSON.stringify({ email, exportedAt: new Date().toISOString(), leads }, null, 2)}\n`);
      } else {
        const ids = missing ? [] : await withStore(url, (store) => store.eraseByEmail(email));
        // The development previews of the notification e-mails hold the same personal data.
        await deleteEmlPreviews(process.env.LEADS_MAIL_DIR || DEFAULT_MAIL_DIR, ids);
        const erased = ids.length;
        process.stdout.write(`Erased ${erased} lead${erased === 1 ? "" : "s"} from ${email}.\n`);
      }
      return;
    }
    case "status": {
      const format = values.format as Format;
      if (format !== "text" && format !== "json") throw new UsageError(`status prints text or json, not "${values.format}".`);
      const maxAgeSeconds = parseAge(values["max-age"]);
      if (maxAgeSeconds === undefined) throw new UsageError(`--max-age "${values["max-age"]}" is not a duration: use e.g. 90s, 30m, 1h, 2d.`);
      // A check that pages someone must not pass on a database that is not there.
      if (missing) throw new Error("status: nothing to check.");
      const now = new Date();
      const [stats, overdue] = await withStore(url, (store) => Promise.all([store.outboxStats(), store.overdueLeads(now)]));
      // A team without Prometheus learns of a lead nobody has taken from this check: named, so it can be chased.
      const problems = [...outboxProblems(stats, { now, maxAgeSeconds }), ...overdueProblems(overdue, now)];
      process.stdout.write(format === "json" ? `${JSON.stringify(statusReport(stats, problems, now), null, 2)}\n` : statusReport(stats, problems, now, "text"));
      if (!healthy(problems)) process.exitCode = 1;
      return;
    }
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  if (error instanceof UsageError) process.stderr.write(USAGE);
  process.exitCode = error instanceof UsageError ? 2 : 1;
});
