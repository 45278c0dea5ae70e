import type { ReactNode } from "react";
import { outcomes, type Outcome } from "../../../server/db/store";

/*
 * One lead (issue 37): what the visitor wrote and how to reach them, where they came from, each delivery's state,
 * the history, and the actions as plain forms (each answers with a redirect back here, so Back and reload never
 * repeat one). The server formats every time (company zone) and every line of history.
 */

export const outcomeLabels: Record<Outcome, string> = {
  answered: "Answered",
  won: "Won",
  lost: "Lost",
  spam: "Spam",
  duplicate: "Duplicate",
};

export type LeadView = {
  reference: string;
  name: string;
  email: string;
  company: string;
  message: string;
  received: string;
  verification: string | null;
  holder: string | null;
  /** "Won, closed by ada@x on 27 Nov 2026, 09:15", or null while open. */
  closed: string | null;
  due: string | null;
  overdue: boolean;
  source: [string, string][];
  deliveries: string[];
  history: { at: string; text: string }[];
};

export type LeadFormState = {
  error?: string;
  field?: "outcome" | "close-note" | "note";
  outcome?: string;
  closeNote?: string;
  note?: string;
};

const button = "rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900";
const secondary = "rounded border border-slate-400 bg-white px-4 py-2 font-medium text-slate-900 hover:bg-slate-100";
const field = "w-full rounded border border-slate-400 bg-white px-3 py-2";

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={id} className="mb-2 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Pairs({ pairs }: { pairs: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-3 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      {pairs.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-600">{label}</dt>
          <dd className="mb-1 wrap-anywhere sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function LeadPage({ lead, me, operator, timeZone, form = {} }: { lead: LeadView; me: string; operator: boolean; timeZone: string; form?: LeadFormState }) {
  const mine = lead.holder !== null && lead.holder.toLowerCase() === me.toLowerCase();
  const action = `/leads/${lead.reference}`;
  // Every value is the visitor's (a name or address of up to 254 characters without a space): it wraps anywhere
  // rather than widen the page at 320 px (overflow-wrap is inherited by everything below).
  return (
    <div className="grid gap-4 wrap-anywhere">
      <p className="text-sm text-slate-700">
        <a href="/leads">Back to the leads</a> · Times in {timeZone}.
      </p>
      {form.error ? (
        <p role="alert" id="form-error" className="rounded border border-red-800 bg-red-50 p-3 font-medium text-red-900">
          {form.error}
        </p>
      ) : null}
      {/* Phone first: what sales need to answer comes first; from 1024 px the sections sit in two columns. */}
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <Section title="Status" id="status">
          <Pairs
            pairs={[
              ["Who has it", lead.holder ? (mine ? `You (${lead.holder})` : lead.holder) : "Nobody yet"],
              ["Outcome", lead.closed ?? "Open"],
              ...(lead.due && !lead.closed
                ? ([["To respond", <span className={lead.overdue ? "font-semibold text-red-800" : undefined}>{lead.due}</span>]] as [string, ReactNode][])
                : []),
            ]}
          />
          <div className="mt-3 flex flex-wrap gap-2">
            {!mine ? (
              <form method="post" action={`${action}/take`}>
                <input type="hidden" name="action" value={lead.holder ? "takeover" : "take"} />
                <button type="submit" className={button}>
                  {lead.holder ? "Take it over" : "Take this lead"}
                </button>
              </form>
            ) : null}
            {lead.closed ? (
              <form method="post" action={`${action}/reopen`}>
                <button type="submit" className={secondary}>
                  Reopen
                </button>
              </form>
            ) : null}
          </div>
        </Section>
        <Section title="Message" id="message">
          <p className="whitespace-pre-wrap wrap-anywhere">{lead.message}</p>
        </Section>
        <Section title="Contact" id="contact">
          <Pairs
            pairs={[
              ["Name", lead.name],
              ["E-mail", <a href={mailtoHref(lead.email)}>{lead.email}</a>],
              ["Company", lead.company || "(not given)"],
              ["Reference", <span className="font-mono">{lead.reference}</span>],
              ["Came", lead.received],
              ...(lead.verification ? ([["Bot check", lead.verification]] as [string, ReactNode][]) : []),
            ]}
          />
        </Section>
        {!lead.closed ? (
          <Section title="Close the lead" id="close">
            <form method="post" action={`${action}/close`} className="grid gap-3">
              <div>
                <label htmlFor="outcome" className="mb-1 block font-medium">
                  Outcome
                </label>
                <select
                  id="outcome"
                  name="outcome"
                  required
                  defaultValue={form.outcome ?? ""}
                  aria-invalid={form.field === "outcome" ? true : undefined}
                  aria-describedby={form.field === "outcome" ? "form-error" : undefined}
                  className={field}
                >
                  <option value="" disabled>
                    Choose an outcome
                  </option>
                  {outcomes.map((outcome) => (
                    <option key={outcome} value={outcome}>
                      {outcomeLabels[outcome]}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor="close-note" className="mb-1 block font-medium">
                  Note (optional)
                </label>
                <textarea
                  id="close-note"
                  name="note"
                  rows={2}
                  maxLength={2000}
                  defaultValue={form.closeNote}
                  aria-invalid={form.field === "close-note" ? true : undefined}
                  className={field}
                />
              </div>
              <div>
                <button type="submit" className={button}>
                  Close lead
                </button>
              </div>
            </form>
          </Section>
        ) : null}
        <Section title="History" id="history">
          {lead.history.length === 0 ? (
            <p className="text-sm">Nothing yet: nobody has taken it, closed it or written a note.</p>
          ) : (
            <ol className="grid gap-2 text-sm">
              {lead.history.map((entry, index) => (
                <li key={index} className="wrap-anywhere">
                  <span className="font-medium">{entry.at}</span>: {entry.text}
                </li>
              ))}
            </ol>
          )}
          <form method="post" action={`${action}/note`} className="mt-3 grid gap-2">
            <label htmlFor="note" className="font-medium">
              Note
            </label>
            <textarea
              id="note"
              name="note"
              rows={3}
              maxLength={2000}
              required
              defaultValue={form.note}
              aria-invalid={form.field === "note" ? true : undefined}
              aria-describedby={form.field === "note" ? "form-error" : undefined}
              className={field}
            />
            <div>
              <button type="submit" className={secondary}>
                Add note
              </button>
            </div>
          </form>
        </Section>
        <Section title="Where it came from" id="source">
          <Pairs pairs={lead.source} />
        </Section>
        <Section title="Deliveries" id="deliveries">
          {lead.deliveries.length === 0 ? (
            <p className="text-sm">None: no channel was configured when it came.</p>
          ) : (
            <ul className="grid gap-1 text-sm">
              {lead.deliveries.map((line) => (
                <li key={line} className="wrap-anywhere">
                  {line}
                </li>
              ))}
            </ul>
          )}
        </Section>
        {operator ? (
          <Section title="Personal data" id="erase">
            <p className="mb-2 text-sm">Deletes every lead from {lead.email}, as a request to be forgotten asks. You confirm on the next page.</p>
            <a href={`${action}/erase`} className={`${secondary} inline-block no-underline`}>
              Erase this person
            </a>
          </Section>
        ) : null}
      </div>
    </div>
  );
}

/**
 * A mailto: link to a visitor's address. The address is the visitor's own text and a form-valid one may hold `?` or
 * `&` (`x?bcc=spy@evil.example`): encoded, it can only ever be the recipient, never add headers (RFC 6068). The `@` is
 * left as is, which RFC 6068 allows and mail programs expect.
 */
export const mailtoHref = (address: string) => `mailto:${encodeURIComponent(address).replaceAll("%40", "@")}`;

export function EraseConfirm({ reference, email, count }: { reference: string; email: string; count: number }) {
  return (
    <div className="grid max-w-xl gap-4 wrap-anywhere">
      <p>
        This deletes {count === 1 ? "the one lead" : `all ${count} leads`} from <strong className="wrap-anywhere">{email}</strong>, with their notes, history and deliveries. It
        cannot be undone.
      </p>
      <form method="post" action={`/leads/${reference}/erase`} className="flex flex-wrap gap-2">
        <input type="hidden" name="confirm" value="yes" />
        <button type="submit" className="rounded bg-red-800 px-4 py-2 font-medium text-white hover:bg-red-900">
          Erase this person
        </button>
        <a href={`/leads/${reference}`} className={`${secondary} inline-block no-underline`}>
          Keep them
        </a>
      </form>
    </div>
  );
}
