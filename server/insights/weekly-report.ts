import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTransport, type SendMailOptions } from "nodemailer";
import type { Store } from "../db/store";
import { newMessageId, refusedRecipients, smtpTransportOptions } from "../delivery/email";
import { retryDelayMs } from "../delivery/schedule";
import type { Calendar } from "../leads/business-hours";
import type { Logger } from "../logger";
import { addDays, dueReportWeek, startOfDay, weekPeriod } from "./period";
import { insightsFor, type Insights, type SitePages } from "./query";
import { reportHtml, reportSubject, reportText } from "./report";
import type { InsightsStorage } from "./storage";

/*
 * The weekly report goes through an outbox of its own (insights_reports, one row per week, kept apart from the
 * leads' outbox): an instance queues the week that is due (Monday 08:00 in COMPANY_TIME_ZONE, for the Monday to
 * Sunday before), and whichever instance holds the row's lease sends it. The row's primary key makes it once per
 * week across every instance sharing the database; a restart finds it still pending and sends it then.
 */

/** `calendar`: sales' business hours, in which the time to take a lead is counted. */
export type ReportSettings = { to: string[]; from: string; timeZone: string; siteName: string; smtpUrl?: string; calendar: Calendar };

const LEASE_MS = 5 * 60_000;
const RETRY_BASE_MS = 60_000;

/**
 * One Message-ID per week, the same on every retry of its send; a forced resend (the week went already, at
 * `previousSend`) gets a new one, since mail providers drop a message whose Message-ID they have seen.
 */
export function composeReport(insights: Insights, week: string, settings: ReportSettings, previousSend: Date | null = null): SendMailOptions {
  const key = previousSend ? `insights-${week}-resent-${previousSend.getTime().toString(36)}` : `insights-${week}`;
  return {
    from: settings.from,
    to: settings.to,
    subject: reportSubject(insights, settings.siteName),
    messageId: newMessageId(key, settings.from).replace("<lead-", "<"),
    text: reportText(insights, settings.siteName),
    html: reportHtml(insights, settings.siteName),
  };
}

/** Sends through SMTP_URL; a send is good only when every recipient was accepted. */
export function smtpReportSender(url: string) {
  const transport = createTransport(smtpTransportOptions(url));
  const send = async (mail: SendMailOptions) => {
    const info = await transport.sendMail(mail);
    const refused = refusedRecipients((info.rejected ?? []) as unknown[], []);
    if (refused) throw refused;
  };
  return Object.assign(send, { close: () => transport.close() });
}

/** The whole message as an .eml file (`report --preview`). */
export async function writeReportPreview(mail: SendMailOptions, file: string): Promise<void> {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await transport.sendMail(mail);
  await mkdir(join(file, ".."), { recursive: true });
  await writeFile(file, info.message as Buffer);
}

/** `site`: the site's pages and titles (site-pages.ts), when there is a build to read them from. */
type Deps = { storage: InsightsStorage; store: Pick<Store, "listLeads">; settings: ReportSettings; send: (mail: SendMailOptions) => Promise<void>; log: Logger; site?: SitePages };

/** Sends the pending reports that are due (or only `week`'s). Resolves to the weeks sent. */
export async function sendDueReports({ storage, settings, send, log, site }: Deps, now: Date, week?: string): Promise<string[]> {
  const sent: string[] = [];
  for (const claim of await storage.claimReports(now, LEASE_MS, week)) {
    try {
      const insights = await insightsFor(weekPeriod(claim.week, settings.timeZone), { storage, timeZone: settings.timeZone, calendar: settings.calendar, site });
      await send(composeReport(insights, claim.week, settings, claim.previousSend));
      await storage.markReportSent(claim, new Date());
      sent.push(claim.week);
      log.info({ msg: "insights report sent", week: claim.week, to: settings.to.length });
    } catch (error) {
      const delay = retryDelayMs(claim.attempt, RETRY_BASE_MS);
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      await storage.markReportFailed(claim, message, delay === null ? null : new Date(now.getTime() + delay)).catch(() => {});
      log.warn({ msg: "insights report not sent", week: claim.week, attempt: claim.attempt, error: message });
    }
  }
  return sent;
}

/**
 * Whether `week`'s report, due since the Monday after it, is about to be replaced by the next one: it is Monday
 * again, before 08:00. A report never queued by then (reports enabled, or the server started, that morning) is
 * not sent: the latest week follows at 08:00, and two reports a minute apart help nobody (issue 36 item 5).
 */
function supersededSoon(week: string, now: Date, timeZone: string): boolean {
  return now >= startOfDay(addDays(week, 14), timeZone);
}

/**
 * Every minute: queue the week that is due (if it is not queued yet), then send what is due. Returns a function
 * that stops it. A week that ended before the first count was made is never queued (a fresh install, or counting
 * turned on mid-week, would mail a report of zeros); with counting off nothing is queued (`report --send` still sends).
 */
export function startReportSchedule(deps: Deps, { everyMs = 60_000, now = () => new Date(), counting = true }: { everyMs?: number; now?: () => Date; counting?: boolean } = {}) {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    running ??= (async () => {
      const at = now();
      const week = dueReportWeek(at, deps.settings.timeZone);
      const first = counting && !supersededSoon(week, at, deps.settings.timeZone) ? await deps.storage.firstVisitAt() : null;
      if (first && first < weekPeriod(week, deps.settings.timeZone).end) await deps.storage.queueReport(week, at);
      await sendDueReports(deps, at);
    })()
      .catch((error: unknown) => deps.log.warn({ msg: "insights report schedule", error: (error as Error).message }))
      .finally(() => (running = undefined));
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
