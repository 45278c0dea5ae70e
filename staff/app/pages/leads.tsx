import type { InboxView } from "../../../server/db/store";

/*
 * The leads inbox (issue 37): phone first, one card per lead (a list, not a table, so nothing scrolls sideways at
 * 320 px). Everything it shows is computed by the server (times in the company's zone, business time left).
 */

export type InboxRow = {
  reference: string;
  name: string;
  company: string;
  received: string;
  /** "2 h 10 min left", "Overdue by 1 h", "Taken", or the outcome of a closed lead. */
  due: string;
  overdue: boolean;
  holder: string | null;
  outcome: string | null;
};

export const viewLabels: Record<InboxView, string> = { mine: "Mine", not_taken: "Not taken", open: "All open", closed: "Closed" };
const viewOrder: InboxView[] = ["mine", "not_taken", "open", "closed"];

const query = (view: InboxView, search: string) => `?${new URLSearchParams({ view, ...(search ? { q: search } : {}) }).toString()}`;

export function LeadsInbox({ view, search, rows, limited, timeZone }: { view: InboxView; search: string; rows: InboxRow[]; limited: number | null; timeZone: string }) {
  return (
    <>
      <nav aria-label="Which leads" className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {viewOrder.map((option) => (
            <li key={option}>
              <a
                href={`/leads${query(option, search)}`}
                aria-current={option === view ? "page" : undefined}
                className={`inline-block rounded-full border px-4 py-2 text-sm no-underline ${option === view ? "border-slate-900 bg-slate-900 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100"}`}
              >
                {viewLabels[option]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <form method="get" action="/leads" role="search" className="mb-4 flex flex-wrap items-end gap-2">
        <input type="hidden" name="view" value={view} />
        <div className="min-w-0 grow">
          <label htmlFor="q" className="mb-1 block text-sm font-medium">
            Search by name, company, e-mail or reference
          </label>
          <input id="q" name="q" type="search" defaultValue={search} maxLength={200} className="w-full rounded border border-slate-400 bg-white px-3 py-2" />
        </div>
        <button type="submit" className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900">
          Search
        </button>
      </form>
      <div className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
        <span>
          {rows.length === 0 ? "No leads here." : `${rows.length} lead${rows.length === 1 ? "" : "s"}, newest first.`} Times in {timeZone}.
        </span>
        {/* A POST: the export is audited, so only this workspace's own pages may ask for it. */}
        <form method="post" action="/leads/export.csv">
          <input type="hidden" name="view" value={view} />
          {search ? <input type="hidden" name="q" value={search} /> : null}
          <button type="submit" className="min-h-11 rounded border border-slate-400 bg-white px-3 py-2 text-slate-900 hover:bg-slate-100">
            Download CSV
          </button>
        </form>
      </div>
      {limited ? <p className="mb-4 text-sm text-slate-700">Only the newest {limited} are shown: search to find older ones.</p> : null}
      <ul className="grid gap-3 lg:grid-cols-2" aria-label={`${viewLabels[view]} leads`}>
        {rows.map((row) => (
          <li key={row.reference} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <h2 className="text-lg font-semibold wrap-anywhere">
              <a href={`/leads/${row.reference}`}>{row.name}</a>
            </h2>
            <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="font-medium text-slate-600">Company</dt>
              <dd className="wrap-anywhere">{row.company || "(not given)"}</dd>
              <dt className="font-medium text-slate-600">Reference</dt>
              <dd className="font-mono">{row.reference}</dd>
              <dt className="font-medium text-slate-600">Came</dt>
              <dd>{row.received}</dd>
              <dt className="font-medium text-slate-600">{row.outcome ? "Outcome" : "To respond"}</dt>
              <dd className={row.overdue ? "font-semibold text-red-800" : undefined}>{row.outcome ?? row.due}</dd>
              <dt className="font-medium text-slate-600">Who has it</dt>
              <dd className="wrap-anywhere">{row.holder ?? "Not taken"}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
