import type { ParsedMail } from "mailparser";
import type { IncomingHttpHeaders } from "node:http";

export type ReceivedMail = { mail: ParsedMail; rcptTo: string[]; mailFrom: string | undefined; receivedAt: number };
export type ReceivedWebhook = {
  payload: { type: string; timestamp: string; data: Record<string, unknown> & { id: number } };
  headers: IncomingHttpHeaders;
  receivedAt: number;
};

type Toggle = { stop(): Promise<void>; start(): Promise<void> };

export function startSmtpInbox(options?: { delayMs?: number; port?: number; auth?: boolean }): Promise<
  Toggle & {
    port: number;
    url: string;
    mails: ReceivedMail[];
    auths: { method: string; username: string; password: string }[];
    settings: { delayMs: number; refuse: Record<string, string> };
    counters: { closed: number };
    waitFor(predicate: (mails: ReceivedMail[]) => boolean, timeoutMs?: number): Promise<void>;
  }
>;

export function startWebhookReceiver(
  secret: string,
  options?: { status?: number; port?: number },
): Promise<
  Toggle & {
    url: string;
    deliveries: ReceivedWebhook[];
    requests: (ReceivedWebhook & { status: number | null })[];
    rejected: { error: string; headers: IncomingHttpHeaders; body: string }[];
    settings: { status: number; headers: Record<string, string>; hang: boolean };
    counters: { aborted: number };
    waitFor(predicate: (deliveries: ReceivedWebhook[]) => boolean, timeoutMs?: number): Promise<void>;
  }
>;

export type ReceivedChat = { body: { text: string; unfurl_links?: boolean; unfurl_media?: boolean }; headers: IncomingHttpHeaders; receivedAt: number };

export function startChatReceiver(options?: { status?: number }): Promise<{
  url: string;
  messages: ReceivedChat[];
  settings: { status: number };
  waitFor(predicate: (messages: ReceivedChat[]) => boolean, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}>;

export function newWebhookSecret(): string;
