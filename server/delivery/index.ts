import { randomUUID } from "node:crypto";
import { isPublicSiteUrl, type ServerConfig } from "../config";
import type { Channel, Enqueue, Store, Verification } from "../db/store";
import type { Logger } from "../logger";
import type { Metrics } from "../metrics";
import { chatSender } from "./chat";
import { composeConfirmationEmail } from "./confirmation";
import { emlFileSender, listLeadPreviews, newMessageId, smtpSender } from "./email";
import { webhookSender } from "./webhook";
import { createDeliveryWorker, type Deliver } from "./worker";

type DeliveryConfig = Pick<
  ServerConfig,
  "NODE_ENV" | "SITE_URL" | "SMTP_URL" | "LEADS_NOTIFY_TO" | "LEADS_REPLY_TO" | "leadsFrom" | "LEADS_WEBHOOK_URL" | "LEADS_WEBHOOK_SECRET" | "LEADS_RETRY_BASE_SECONDS" | "LEADS_MAIL_DIR" | "LEADS_LEASE_SECONDS"
  | "COMPANY_TIME_ZONE" | "LEADS_CONFIRMATION" | "LEADS_CONFIRMATION_HOURLY_LIMIT" | "LEADS_CHAT_WEBHOOK_URL"
>;

/** SMTP_URL fit for a log line: the password replaced by ***. */
const redactSmtpUrl = (url: string) => {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return `${parsed.protocol}//${parsed.username ? `${parsed.username}${parsed.password ? ":***" : ""}@` : ""}${parsed.host}`;
};

/** The configured channels, the outbox rows each new lead gets, and the worker that delivers them. */
export function createDelivery(config: DeliveryConfig, store: Store, log: Logger, metrics?: Metrics) {
  const senders: Partial<Record<Channel, Deliver & { close?(): void }>> = {};
  const emailSettings = { to: config.LEADS_NOTIFY_TO, from: config.leadsFrom, timeZone: config.COMPANY_TIME_ZONE, replyTo: config.LEADS_REPLY_TO };
  // Outside production, with no mail server, each e-mail is written to a file so a developer sees what sales gets.
  // Never for a public SITE_URL (a forgotten NODE_ENV): files of personal data on a live host, and a lead whose
  // preview nobody reads would be held from retention and reported as a problem for ever.
  const preview = !config.SMTP_URL && config.NODE_ENV !== "production" && !isPublicSiteUrl(config.SITE_URL);
  const previewSettings = { ...emailSettings, to: emailSettings.to.length ? emailSettings.to : ["sales@localhost"] };
  const confirm = config.LEADS_CONFIRMATION === "on";
  if (config.SMTP_URL) senders.email = smtpSender(config.SMTP_URL, emailSettings);
  else if (preview) senders.email = emlFileSender(config.LEADS_MAIL_DIR, previewSettings);
  if (confirm && config.SMTP_URL) senders.confirmation = smtpSender(config.SMTP_URL, emailSettings, composeConfirmationEmail);
  else if (confirm && preview) senders.confirmation = emlFileSender(config.LEADS_MAIL_DIR, previewSettings, composeConfirmationEmail, "confirmation");
  if (config.LEADS_WEBHOOK_URL && config.LEADS_WEBHOOK_SECRET) senders.webhook = webhookSender(config.LEADS_WEBHOOK_URL, config.LEADS_WEBHOOK_SECRET);
  if (config.LEADS_CHAT_WEBHOOK_URL) senders.chat = chatSender(config.LEADS_CHAT_WEBHOOK_URL);

  const worker = createDeliveryWorker({ store, channels: senders, log, retryBaseMs: config.LEADS_RETRY_BASE_SECONDS * 1000, leaseMs: config.LEADS_LEASE_SECONDS * 1000, metrics });

  /**
   * The outbox rows for a new lead, one per configured channel, with ids fixed for every resend. Without the lead
   * (catching up on leads that reached nobody) there is no confirmation: a visitor is thanked when they write, or never.
   */
  const enqueue = (lead?: { email: string; verification: Verification }): Enqueue[] => {
    const key = randomUUID();
    const rows: Enqueue[] = [];
    if (senders.email) rows.push({ channel: "email", externalId: newMessageId(key, config.leadsFrom) });
    if (senders.webhook) rows.push({ channel: "webhook", externalId: `msg_${key.replaceAll("-", "")}` });
    // Only a person who passed reCAPTCHA gets one, an inbox at most one a day, and all visitors together at most
    // LEADS_CONFIRMATION_HOURLY_LIMIT an hour (the store decides, across instances).
    if (senders.confirmation && lead?.verification === "verified") {
      rows.push({
        channel: "confirmation",
        externalId: newMessageId(`confirm-${key}`, config.leadsFrom),
        oncePerDayTo: lead.email,
        hourlyCap: config.LEADS_CONFIRMATION_HOURLY_LIMIT,
      });
    }
    if (senders.chat) rows.push({ channel: "chat", externalId: `chat_${key.replaceAll("-", "")}` });
    return rows;
  };

  return {
    worker,
    enqueue,
    /** The channels this instance delivers by. */
    channels: Object.keys(senders) as Channel[],
    /**
     * At start-up: deliveries that were only previewed are queued again for the channels that are real now (not the
     * visitor's confirmation: a visitor is thanked when they write, or never), and leads that have reached nobody
     * (accepted while a channel was missing or misconfigured) get rows for the channels configured now. Then the
     * worker starts.
     */
    async start() {
      // An earlier release recorded each preview as sent: its files tell them apart, so that those leads count as
      // reaching nobody too (mailed once SMTP_URL is set, delivered by any other channel configured now).
      const earlier = await store.markEarlierPreviews(await listLeadPreviews(config.LEADS_MAIL_DIR));
      if (earlier > 0) log.warn({ msg: "e-mails an earlier release only previewed, though it recorded them as sent, are counted as previews", deliveries: earlier });
      const real = (Object.keys(senders) as Channel[]).filter((channel) => !(preview && (channel === "email" || channel === "confirmation")));
      const requeued = await store.requeuePreviewed(real.filter((channel) => channel !== "confirmation"), new Date());
      if (requeued > 0) log.warn({ msg: "deliveries that were only previewed are queued for the channels configured now", deliveries: requeued });
      if (Object.keys(senders).length > 0) {
        const added = await store.queueUnreached(enqueue, new Date());
        if (added > 0) log.warn({ msg: "leads that reached nobody are queued for the channels configured now", deliveries: added });
      }
      const waiting = await store.flagUnconfigured(Object.keys(senders) as Channel[]);
      if (waiting > 0) log.warn({ msg: "deliveries wait for a channel this instance does not have configured", count: waiting });
      await worker.start();
    },
    /** One line for the start-up log: where leads go, naming each channel (so a typo shows). */
    summary(): string {
      const to = [
        config.SMTP_URL && `e-mail to ${config.LEADS_NOTIFY_TO.join(", ")} through ${redactSmtpUrl(config.SMTP_URL)}`,
        config.LEADS_WEBHOOK_URL && `webhook ${new URL(config.LEADS_WEBHOOK_URL).origin}`,
        config.LEADS_CHAT_WEBHOOK_URL && `chat alert ${new URL(config.LEADS_CHAT_WEBHOOK_URL).origin}`,
      ].filter(Boolean);
      if (senders.confirmation) to.push(`a confirmation to verified visitors${config.SMTP_URL ? "" : ` (previews in ${config.LEADS_MAIL_DIR}/)`}`);
      if (to.length > 0) return `Each lead is stored, then delivered by ${to.join(" and ")}.`;
      const hint = "set SMTP_URL and LEADS_NOTIFY_TO, or LEADS_WEBHOOK_URL and LEADS_WEBHOOK_SECRET, to have them delivered";
      return preview
        ? `Leads are only stored (no delivery channel configured): ${hint}. Development preview: each notification e-mail is written to ${config.LEADS_MAIL_DIR}/.`
        : `Leads are only stored (no delivery channel configured): ${hint}. Read them with npm run messages.`;
    },
    close() {
      for (const sender of Object.values(senders)) sender.close?.();
    },
  };
}

export type Delivery = ReturnType<typeof createDelivery>;
