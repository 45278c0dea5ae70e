import type { ServerConfig } from "../config";
import { databaseFile, SqliteStore } from "../db/sqlite-store";
import type { Store } from "../db/store";
import type { Logger } from "../logger";
import { site as siteConfig } from "~/config/site";
import { loadCountryLookup } from "./country";
import { createVisitApi, type VisitOutcome } from "./ingest";
import { createVisitRecorder } from "./recorder";
import { startSqliteVisitWriter } from "./sqlite-visit-writer";
import { sitePages } from "./site-pages";
import { RAW_DAYS } from "./query";
import { sweepCounts } from "./rollup";
import { insightsStorage } from "./storage";
import { createVisitorKeys } from "./visitor-key";
import { smtpReportSender, startReportSchedule, type ReportSettings } from "./weekly-report";

/*
 * Visit counting and the weekly report, wired for `npm start`: the /api/visit route, the batch writer, the daily
 * salts' and the counts' retention, and the report's schedule (only with INSIGHTS_REPORT_TO and SMTP_URL).
 */

const HOUR_MS = 3600_000;

export type InsightsMetrics = { recordVisit(outcome: VisitOutcome, count?: number): void };

export function reportSettings(config: ServerConfig): ReportSettings {
  return { to: config.INSIGHTS_REPORT_TO, from: config.leadsFrom, timeZone: config.COMPANY_TIME_ZONE, siteName: siteConfig.name, smtpUrl: config.SMTP_URL, calendar: { hours: config.SALES_HOURS, timeZone: config.COMPANY_TIME_ZONE, holidays: config.SALES_HOLIDAYS } };
}

export function startInsights({ config, store, log, metrics, isPage }: { config: ServerConfig; store: Store; log: Logger; metrics?: InsightsMetrics; isPage: (path: string) => boolean }) {
  // SQLite: counts are written off the event loop (sqlite-visit-writer.ts); only for a file (not :memory:).
  const sqliteWriter = store instanceof SqliteStore && store.url && databaseFile(store.url) ? startSqliteVisitWriter(store.url) : undefined;
  const storage = insightsStorage(store, { sqliteWriter });
  const enabled = config.ANALYTICS === "on";
  const keys = createVisitorKeys(storage, { site: config.siteUrl ?? "localhost", timeZone: config.COMPANY_TIME_ZONE });
  const recorder = createVisitRecorder({ storage, log, onOutcome: (outcome, count) => outcome === "dropped" && metrics?.recordVisit("dropped", count) });
  const api = createVisitApi({ enabled, trustProxy: config.TRUST_PROXY, keys, recorder, country: enabled ? loadCountryLookup() : () => null, isPage, onOutcome: (outcome) => metrics?.recordVisit(outcome) });

  // Hourly: salts older than 47 h go (each is gone within 48 h of being made); the days that ended are rolled up,
  // raw visit rows older than 90 days go, and daily aggregates older than INSIGHTS_RETENTION_DAYS (rollup.ts).
  const sweep = async () => {
    try {
      await keys.expire();
      const { rolledUp, deletedVisits } = await sweepCounts(storage, { timeZone: config.COMPANY_TIME_ZONE, now: new Date(), retentionDays: config.INSIGHTS_RETENTION_DAYS });
      if (rolledUp.length > 0 || deletedVisits > 0) log.info({ msg: "insights retention", rolledUp: rolledUp.length, deleted: deletedVisits, rawDays: RAW_DAYS, olderThanDays: config.INSIGHTS_RETENTION_DAYS });
    } catch (error) {
      log.warn({ msg: "insights retention failed", error: (error as Error).message });
    }
  };
  void sweep();
  const timer = setInterval(() => void sweep(), HOUR_MS);
  timer.unref();

  const settings = reportSettings(config);
  let stopReports: () => Promise<void> = async () => {};
  let closeSender = () => {};
  if (settings.to.length > 0 && config.SMTP_URL) {
    const send = smtpReportSender(config.SMTP_URL);
    closeSender = send.close;
    stopReports = startReportSchedule({ storage, store, settings, send, log, site: sitePages(config.STATIC_DIR, siteConfig.name) }, { counting: enabled });
  } else if (settings.to.length > 0) {
    log.warn({ msg: "INSIGHTS_REPORT_TO is set but SMTP_URL is not: no weekly report is sent (npm run insights -- report --preview writes one)" });
  }

  return {
    api,
    /** Writes the waiting counts and stops the timers (shutdown). */
    async stop() {
      clearInterval(timer);
      await stopReports();
      closeSender();
      await recorder.flush();
      await sqliteWriter?.close();
    },
  };
}
