import { Webhook } from "standardwebhooks";
import type { OutboxJob, StoredMessage } from "../db/store";
import { DeliveryError } from "./outcome";

/*
 * The lead.created webhook, signed per the Standard Webhooks specification: webhook-id fixed per lead (so
 * receivers can drop a duplicate), the payload's timestamp the event's time (the lead's creation, the same on
 * every attempt), webhook-timestamp and the signature made at send time (receivers refuse timestamps more than
 * 5 minutes off). 410 Gone stops the retries; Retry-After is honoured within the retry schedule.
 */

export function webhookBody(lead: StoredMessage) {
  const { id, createdAt, firstName, lastName, email, company, message, verification, verificationNote } = lead;
  return {
    type: "lead.created",
    timestamp: createdAt,
    // source: where the visit came from ({landingPage, utm?, referrer?, pages}), or null when none was sent.
    data: { id, createdAt, firstName, lastName, email, company, message, verification, verificationNote, source: lead.source ?? null },
  };
}

/** The specification's bounds for a secret: 24 to 64 random bytes. */
export const WEBHOOK_SECRET_BYTES = { min: 24, max: 64 } as const;

/** Throws unless the secret is `whsec_<base64 of 24 to 64 bytes>`, the form receivers are given. */
export function checkWebhookSecret(secret: string): void {
  const form = `LEADS_WEBHOOK_SECRET must be whsec_ followed by the base64 of ${WEBHOOK_SECRET_BYTES.min} to ${WEBHOOK_SECRET_BYTES.max} random bytes`;
  const match = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(secret);
  if (!match) throw new Error(`${form}.`);
  const bytes = Buffer.from(match[1]!, "base64").length;
  if (bytes < WEBHOOK_SECRET_BYTES.min || bytes > WEBHOOK_SECRET_BYTES.max) throw new Error(`${form}; this one has ${bytes} bytes.`);
  new Webhook(secret);
}

/** Retry-After as seconds or an HTTP date, in ms from now; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function webhookSender(url: string, secret: string, bodyOf: (job: OutboxJob) => object | Promise<object> = (job) => webhookBody(job.lead)) {
  const signer = new Webhook(secret);
  return async (job: OutboxJob, signal?: AbortSignal) => {
    const now = new Date();
    const body = JSON.stringify(await bodyOf(job));
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
      // The attempt's time limit aborts the request itself, not only the wait for it.
      signal,
    });
    // The body is not needed, but must be read (or dropped) to free the connection.
    await response.body?.cancel();
    if (response.status >= 200 && response.status <= 299) return;
    if (response.status === 410) throw new DeliveryError("endpoint gone (webhook answered HTTP 410)", { permanent: true });
    throw new DeliveryError(`webhook answered HTTP ${response.status}`, { retryAfterMs: retryAfterMs(response.headers.get("retry-after")) });
  };
}
