import type { Store } from "../db/store";
import { deleteEmlPreviews } from "../delivery/email";
import type { Logger } from "../logger";

const DAY_MS = 24 * 3600_000;

/**
 * LEADS_RETENTION_DAYS: deletes leads (their outbox rows and their development e-mail previews) older than that,
 * at start-up and then daily, so visitors' personal data is kept no longer than the company says. A lead with a
 * delivery still pending or failed is kept until an operator resolves it (resend or erase): nobody has seen it
 * yet. Returns a function that stops it.
 */
export function startRetention(store: Store, days: number, log: Logger, { mailDir }: { mailDir: string }): () => void {
  const sweep = async () => {
    try {
      const { deleted, kept } = await store.deleteLeadsBefore(new Date(Date.now() - days * DAY_MS));
      await deleteEmlPreviews(mailDir, deleted);
      log.info({ msg: "retention", deleted: deleted.length, olderThanDays: days });
      if (kept > 0) log.warn({ msg: "retention kept leads not yet delivered", kept, olderThanDays: days, why: "a delivery is pending or failed: resend or erase them" });
    } catch (error) {
      log.error({ msg: "retention failed", error: (error as Error).message });
    }
  };
  void sweep();
  const timer = setInterval(() => void sweep(), DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
