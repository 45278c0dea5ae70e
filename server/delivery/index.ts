import { randomUUID } from "node:crypto";
import { isPublicSiteUrl, type ServerConfig } from "../config";
import { followUpChannels, type Channel, type Enqueue, type Store, type Verification } from "../db/store";
import type { Logger } from "../logger";
import type { Metrics } from "../ops/metrics";
import { chatSender } from "./chat";
import { composeConfirmationEmail } from "./confirmation";
import { emlFileSender, listLeadPreviews, newMessageId, smtpSender } from "./email";
import { webhookSender } from "./webhook";
import { createDeliveryWorker, type Deliver } from "./worker";
import { responseDeadlines, type Calendar } from "../leads/business-hours";
import { closeEventBody, composeEscalationEmail, composeReminderEmail, composeTakeoverNotice, reminderChatSender, takeEventBody, takeoverNoticeSender, unlessTaken, type FollowUpSettings } from "../leads/follow-up";
import { leadReference } from "./lead-text";
import { takeToken } from "../leads/take-token";
import { staffStorage } from "../../staff/server/storage";

type DeliveryConfig = Pick<
  ServerConfig,
  "NODE_ENV" | "SITE_URL" | "SMTP_URL" | "LEADS_NOTIFY_TO" | "LEADS_REPLY_TO" | "leadsFrom" | "LEADS_WEBHOOK_URL" | "LEADS_WEBHOOK_SECRET" | "LEADS_RETRY_BASE_SECONDS" | "LEADS_MAIL_DIR" | "LEADS_LEASE_SECONDS"
  | "COMPANY_TIME_ZONE" | "LEADS_CONFIRMATION" | "LEADS_CONFIRMATION_HOURLY_LIMIT" | "LEADS_CHAT_WEBHOOK_URL"
  | "SALES_HOURS" | "SALES_HOLIDAYS" | "SALES_RESPONSE_MINUTES" | "SALES_ESCALATION_TO" | "linkSecret" | "linkBase" | "STAFF_PORT" | "staffUrl"
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
  // Issue 31: every lead's "take this lead" link, and its response window in business hours.
  const calendar: Calendar = { hours: config.SALES_HOURS, timeZone: config.COMPANY_TIME_ZONE, holidays: config.SALES_HOLIDAYS };
  // Issue 37: the lead's page in the staff workspace (read when a message is composed: with STAFF_PORT=0 the address is
  // known once its listener is bound). Without a workspace (STAFF_PORT=off), the old take page on the site.
  const takeLink = (lead: { publicId?: string | null }) =>
    config.STAFF_PORT !== "off" && config.staffUrl
      ? `${config.staffUrl}/leads/${leadReference(lead)}`
      : `${config.linkBase}/leads/take/${takeToken(lead.publicId ?? "", config.linkSecret)}`;
  const followUp: FollowUpSettings = { takeLink, windowMinutes: config.SALES_RESPONSE_MINUTES, calendar };
  const emailSettings = { to: config.LEADS_NOTIFY_TO, from: config.leadsFrom, timeZone: config.COMPANY_TIME_ZONE, replyTo: config.LEADS_REPLY_TO, takeLink };
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
  if (config.LEADS_CHAT_WEBHOOK_URL) senders.chat = chatSender(config.LEADS_CHAT_WEBHOOK_URL, takeLink);
  // The follow-ups go by the same channels: the reminder to sales' e-mail and chat, the escalation by e-mail.
  const escalationSettings = { ...emailSettings, to: config.SALES_ESCALATION_TO };
  if (config.SMTP_URL) senders.reminder = unlessTaken(store, smtpSender(config.SMTP_URL, emailSettings, composeReminderEmail(followUp)));
  else if (preview) senders.reminder = unlessTaken(store, emlFileSender(config.LEADS_MAIL_DIR, previewSettings, composeReminderEmail(followUp), "reminder"));
  if (config.LEADS_CHAT_WEBHOOK_URL) senders.reminder_chat = unlessTaken(store, reminderChatSender(config.LEADS_CHAT_WEBHOOK_URL, followUp, config.COMPANY_TIME_ZONE));
  if (config.SALES_ESCALATION_TO.length > 0 && config.SMTP_URL) senders.escalation = unlessTaken(store, smtpSender(config.SMTP_URL, escalationSettings, composeEscalationEmail(followUp)));
  else if (config.SALES_ESCALATION_TO.length > 0 && preview) senders.escalation = unlessTaken(store, emlFileSender(config.LEADS_MAIL_DIR, escalationSettings, composeEscalationEmail(followUp), "escalation"));
  if (config.LEADS_WEBHOOK_URL && config.LEADS_WEBHOOK_SECRET) senders.take_webhook = webhookSender(config.LEADS_WEBHOOK_URL, config.LEADS_WEBHOOK_SECRET, (job) => takeEventBody(store, job, calendar));
  // Issue 37: the lead.closed event, and the e-mail telling a holder their lead was taken over (to that person).
  if (config.LEADS_WEBHOOK_URL && config.LEADS_WEBHOOK_SECRET) senders.close_webhook = webhookSender(config.LEADS_WEBHOOK_URL, config.LEADS_WEBHOOK_SECRET, (job) => closeEventBody(store, job));
  // Only a member of staff is told (staff_people, the workspace's list), never whatever text held the lead before.
  const isStaff = async (email: string) => Boolean(await staffStorage(store).person(email));
  if (config.SMTP_URL) senders.takeover_notice = takeoverNoticeSender(store, isStaff, smtpSender(config.SMTP_URL, emailSettings, composeTakeoverNotice(takeLink)));
  else if (preview) senders.takeover_notice = takeoverNoticeSender(store, isStaff, emlFileSender(config.LEADS_MAIL_DIR, previewSettings, composeTakeoverNotice(takeLink), "takeover"));

  const worker = createDeliveryWorker({ store, channels: senders, log, retryBaseMs: config.LEADS_RETRY_BASE_SECONDS * 1000, leaseMs: config.LEADS_LEASE_SECONDS * 1000, metrics });

  /**
   * The outbox rows for a new lead, one per configured channel, with ids fixed for every resend. Without the lead
   * (catching up on leads that reached nobody) there is no confirmation: a visitor is thanked when they write, or never.
   */
  const enqueue = (lead?: { email: string; verification: Verification; createdAt?: string }): Enqueue[] => {
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
    // The follow-ups of a new lead, each due at its deadline (catching up on old leads queues none).
    const due = lead?.createdAt ? deadlines(lead.createdAt) : undefined;
    if (due) {
      const { respondBy, escalateBy } = due;
      if (senders.reminder) rows.push({ channel: "reminder", externalId: newMessageId(`reminder-${key}`, config.leadsFrom), dueAt: respondBy });
      if (senders.reminder_chat) rows.push({ channel: "reminder_chat", externalId: `chat_reminder_${key.replaceAll("-", "")}`, dueAt: respondBy });
      if (senders.escalation) rows.push({ channel: "escalation", externalId: newMessageId(`escalation-${key}`, config.leadsFrom), dueAt: escalateBy });
    }
    return rows;
  };

  /**
   * A lead's response deadlines: its window's end and twice it, in business time. None when they cannot be computed
   * (start-up refuses such a calendar, but a lead must never be refused for it): the lead is stored without them, and
   * without reminders, and the error is logged.
   */
  function deadlines(createdAt: string): { respondBy: string; escalateBy: string } | undefined {
    try {
      const { respondBy, escalateBy } = responseDeadlines(new Date(createdAt), config.SALES_RESPONSE_MINUTES, calendar);
      return { respondBy: respondBy.toISOString(), escalateBy: escalateBy.toISOString() };
    } catch (error) {
      log.error({ msg: "lead stored without a response deadline (no reminder nor escalation): check SALES_HOURS, SALES_HOLIDAYS and SALES_RESPONSE_MINUTES", error: (error as Error).message });
      return undefined;
    }
  }

  return {
    worker,
    enqueue,
    deadlines,
    calendar,
    takeLink,
    /** The outbox row of a take's lead.taken webhook, when the webhook is configured: a new webhook-id per take. */
    takeEvent: (): Enqueue | undefined => (senders.take_webhook ? { channel: "take_webhook", externalId: `msg_${randomUUID().replaceAll("-", "")}` } : undefined),
    /** The outbox row of a close's lead.closed webhook, when the webhook is configured: a new webhook-id per close. */
    closeEvent: (): Enqueue | undefined => (senders.close_webhook ? { channel: "close_webhook", externalId: `msg_${randomUUID().replaceAll("-", "")}` } : undefined),
    /** The outbox row of the e-mail telling the previous holder of a take-over, when e-mail goes anywhere. */
    takeoverNotice: (): Enqueue | undefined => (senders.takeover_notice ? { channel: "takeover_notice", externalId: newMessageId(`takeover-${randomUUID()}`, config.leadsFrom) } : undefined),
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
      // Nor a follow-up: a reminder that was only previewed is past its time (the next one is the lead's escalation).
      const requeued = await store.requeuePreviewed(real.filter((channel) => channel !== "confirmation" && !(followUpChannels as readonly Channel[]).includes(channel)), new Date());
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
