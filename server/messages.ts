/*
 * `npm run messages`: the operator's view of the leads. Reads DATABASE_URL like the server (default
 * file:./data/messages.db) and is safe while the server runs.
 *
 *   npm run messages [-- --format text|json|csv]   every lead with its delivery state, oldest first
 *   npm run messages -- resend <id>                queue a lead's failed deliveries again
 *   npm run messages -- settle <id>                give up the deliveries that cannot happen, so retention may delete the lead
 *   npm run messages -- export --email ADDRESS     everything stored about one person (JSON)
 *   npm run messages -- erase --email ADDRESS      delete it, and print how many leads were deleted
 *   npm run messages -- status [--max-age 1h]      the outbox per channel; exit 1 if a delivery to the company failed,
 *                                                  waited too long or was only previewed
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { toCsv } from "./contact/csv";
import { openStore } from "./db";
import { databaseFile } from "./db/sqlite-store";
import { CHANNEL_NOT_CONFIGURED, DEFAULT_DATABASE_URL, channels, type Delivery, type Lead, type Store } from "./db/store";
import { DEFAULT_MAIL_DIR, deleteEmlPreviews } from "./delivery/email";
import { sourceFields } from "./delivery/lead-text";
import { healthy, outboxProblems, parseAge, statusReport } from "./outbox-status";
import { visible, visibleFields } from "./terminal-text";

const USAGE = `Usage:
  npm run messages [-- --format text|json|csv]   every lead with its delivery state
  npm run messages -- resend <id>                queue a lead's failed deliveries again
  npm run messages -- settle <id>                give up a lead's deliveries that cannot happen (failed, only
                                                 previewed, or waiting for a channel no instance has), so that
                                                 retention may delete the lead
  npm run messages -- export --email ADDRESS     everything stored about one person (JSON)
  npm run messages -- erase --email ADDRESS      delete everything stored about one person
  npm run messages -- status [--max-age 1h] [--format text|json]
                                                 deliveries per channel and state; exits 1 when one to the company
                                                 has failed, was only previewed, or has waited longer than
                                                 --max-age (s, m, h, d); the visitor's confirmation only warns
Reads DATABASE_URL (default ${DEFAULT_DATABASE_URL}).
`;

const formats = ["text", "json", "csv"] as const;
type Format = (typeof formats)[number];

const columns = ["id", "firstName", "lastName", "email", "company", "message", "createdAt", "verification", "verificationNote"] as const;
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

const pick = (lead: Lead) => ({
  ...Object.fromEntries(columns.map((column) => [column, lead[column]])),
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

function asText(leads: Lead[]): string {
  if (leads.length === 0) return "No messages yet.\n";
  return leads
    .map((m) => {
      const flag = m.verification === "verified" ? "reCAPTCHA verified" : `UNVERIFIED reCAPTCHA (${m.verificationNote ?? "no reason recorded"})`;
      const who = `${m.firstName} ${m.lastName} <${m.email}>${m.company ? `, ${m.company}` : ""}`;
      const deliveries = m.deliveries.length > 0 ? m.deliveries.map(deliveryLine) : ["not delivered: no channel was configured when it arrived"];
      const source = sourceFields(m.source).map(([label, value]) => `  ${label}: ${visible(value)}`);
      return `#${m.id}  ${m.createdAt}  ${flag}\n${who}\n${m.message.replace(/^/gm, "  ")}\n${source.join("\n")}\n${deliveries.map((line) => `  -> ${line}`).join("\n")}\n`;
    })
    .join("\n");
}

function asCsv(leads: Lead[]): string {
  const header = [...columns, ...Object.keys(sourceColumns), ...channels.flatMap((channel) => deliveryColumns.map((column) => `${channel}${column[0]!.toUpperCase()}${column.slice(1)}`))];
  const rows = leads.map((lead) => [
    ...columns.map((column) => lead[column]),
    ...Object.values(sourceColumns).map((value) => value(lead)),
    ...channels.flatMap((channel) => {
      const delivery = lead.deliveries.find((d) => d.channel === channel);
      return deliveryColumns.map((column) => delivery?.[column] ?? null);
    }),
  ]);
  return toCsv(header, rows);
}

function render(leads: Lead[], format: Format): string {
  if (format === "json") return `${JSON.stringify(leads.map(pick), null, 2)}\n`;
  if (format === "csv") return asCsv(leads);
  // Text goes to a terminal: a visitor's control characters are printed as escapes, never sent to it.
  return asText(leads.map((lead) => visibleFields(lead, ["message"])));
}

async function withStore<T>(url: string, run: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(url);
  try {
    return await run(store);
  } finally {
    await store.close();
  }
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      format: { type: "string", short: "f", default: "text" },
      email: { type: "string" },
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
      process.stdout.write(render(missing ? [] : await withStore(url, (store) => store.listLeads()), format));
      return;
    }
    case "resend": {
      const id = Number(rest[0]);
      if (!Number.isSafeInteger(id) || id < 1) throw new UsageError("resend needs a lead id: npm run messages -- resend 42");
      const queued = missing ? 0 : await withStore(url, (store) => store.requeueFailed(id, new Date()));
      process.stdout.write(`${queued} failed deliver${queued === 1 ? "y" : "ies"} of lead #${id} queued again.\n`);
      return;
    }
    case "settle": {
      const id = Number(rest[0]);
      if (!Number.isSafeInteger(id) || id < 1) throw new UsageError("settle needs a lead id: npm run messages -- settle 42");
      const settled = missing ? 0 : await withStore(url, (store) => store.settle(id));
      process.stdout.write(
        `${settled} deliver${settled === 1 ? "y" : "ies"} of lead #${id} settled${settled > 0 ? ": no longer awaited, so retention may delete the lead" : " (nothing failed, previewed or waiting for a channel no instance has)"}.\n`,
      );
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
      const stats = await withStore(url, (store) => store.outboxStats());
      const problems = outboxProblems(stats, { now, maxAgeSeconds });
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
