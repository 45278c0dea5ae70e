import { Webhook } from "standardwebhooks";
import type { OutboxJob, StoredMessage } from "../db/store";

/*
 * The lead.created webhook, signed per the Standard Webhooks specification: webhook-id fixed per lead (so
 * receivers can drop a duplicate), webhook-timestamp and the signature made at send time (receivers refuse
 * timestamps more than 5 minutes off).
 */

export const WEBHOOK_TIMEOUT_MS = 10_000;

export function webhookBody(lead: StoredMessage, now: Date) {
  const { id, createdAt, firstName, lastName, email, company, message, verification, verificationNote } = lead;
  return {
    type: "lead.created",
    timestamp: now.toISOString(),
    // source: where the visit came from ({landingPage, utm?, referrer?, pages}), or null when none was sent.
    data: { id, createdAt, firstName, lastName, email, company, message, verification, verificationNote, source: lead.source ?? null },
  };
}

/** Throws unless the secret is in the `whsec_<base64>` form receivers are given. */
export function checkWebhookSecret(secret: string): void {
  if (!/^whsec_[A-Za-z0-9+/]{16,}={0,2}$/.test(secret)) {
    throw new Error("LEADS_WEBHOOK_SECRET must be in the form whsec_<base64 of at least 12 random bytes>.");
  }
  new Webhook(secret);
}

export function webhookSender(url: string, secret: string) {
  const signer = new Webhook(secret);
  return async (job: OutboxJob) => {
    const now = new Date();
    const body = JSON.stringify(webhookBody(job.lead, now));
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "lead-webhook",
        "webhook-id": job.externalId,
        "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
        "webhook-signature": signer.sign(job.externalId, now, body),
      },
      body,
      // A redirect is not a delivery: it could point anywhere, and the receiver should be configured directly.
      redirect: "manual",
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    // The body is not needed, but must be read (or dropped) to free the connection.
    await response.body?.cancel();
    if (response.status < 200 || response.status > 299) throw new Error(`webhook answered HTTP ${response.status}`);
  };
}
