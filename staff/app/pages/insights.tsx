import type { Insights, Point, Row } from "../../../server/insights/query";
import { change, countryName } from "../../../server/insights/report";
import { choiceLabels, choices, filterParams, type Choice, type ShownInsights } from "../../../server/insights/request";
import type { Dimension } from "../../../server/insights/storage";

/*
 * Marketing's dashboard, rendered on the server: every control is a link or a GET form (the period and the filter
 * live in the address, so a view can be bookmarked and shared), the chart is SVG drawn here with its figures as a
 * table too, and each table can be downloaded as CSV with the same figures.
 */

export const tableTitles: Record<Dimension, string> = { sources: "Sources", campaigns: "Campaigns", landingPages: "Landing pages", pages: "Pages", countries: "Countries", devices: "Devices" };
const tableOrder: Dimension[] = ["sources", "campaigns", "landingPages", "pages", "countries", "devices"];
const filterLabels: Record<Dimension, string> = { sources: "source", campaigns: "campaign", landingPages: "landing page", pages: "page", countries: "country", devices: "device" };
const csvNames: Record<Dimension, string> = { sources: "sources", campaigns: "campaigns", landingPages: "landing-pages", pages: "pages", countries: "countries", devices: "devices" };
/** Rows shown per table; the CSV has them all. */
const SHOWN = 25;

const number = (value: number) => new Intl.NumberFormat("en-US").format(value);
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const dayLabel = (day: string) => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
const shortDay = (day: string) => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

/** A campaign's filter value: its five utm values joined as the query keys them. */
const campaignKey = (row: Row) => (row.utm ? [row.utm.source, row.utm.medium, row.utm.campaign, row.utm.term, row.utm.content].join("\u001f") : row.name);
const rowKey = (table: Dimension, row: Row) => (table === "campaigns" ? campaignKey(row) : row.name);
/** The filter's label: a campaign by the parts of it that are set ("google / cpc", not "google / cpc / - / - / -"). */
const filterName = (table: Dimension, name: string) => (table === "campaigns" ? name.split("\u001f").filter(Boolean).join(" / ") || "-" : shownName(table, name));
const shownName = (table: Dimension, name: string) => (table === "countries" ? countryName(name) : table === "campaigns" ? name.split("\u001f").map((part) => part || "-").join(" / ") : name);

/** The address of the dashboard (or a CSV) for a period and filter. */
function address(path: string, { choice, from, to, filter }: { choice: Choice; from: string; to: string; filter: Insights["filter"] }): string {
  const params = new URLSearchParams();
  if (choice === "custom") {
    params.set("from", from);
    params.set("to", to);
  } else params.set("period", choice);
  if (filter) params.set(filterParams[filter.table], filter.name);
  return `${path}?${params.toString()}`;
}

function PeriodPicker({ choice, insights }: { choice: Choice; insights: Insights }) {
  return (
    <div className="mb-6 space-y-3">
      <nav aria-label="Period">
        <ul className="flex flex-wrap gap-2">
          {choices
            .filter((c) => c !== "custom")
            .map((c) => (
              <li key={c}>
                <a
                  href={address("/insights", { choice: c, from: insights.from, to: insights.to, filter: insights.filter })}
                  aria-current={c === choice ? "page" : undefined}
                  className={`inline-block rounded border px-3 py-2 text-sm no-underline ${c === choice ? "border-slate-900 bg-slate-900 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100"}`}
                >
                  {choiceLabels[c]}
                </a>
              </li>
            ))}
        </ul>
      </nav>
      <form method="get" action="/insights" className="flex flex-wrap items-end gap-3" aria-label="Custom period">
        <div>
          <label htmlFor="from" className="block text-sm font-medium">
            From
          </label>
          <input id="from" name="from" type="date" defaultValue={insights.from} required className="rounded border border-slate-400 bg-white px-2 py-2" />
        </div>
        <div>
          <label htmlFor="to" className="block text-sm font-medium">
            To
          </label>
          <input id="to" name="to" type="date" defaultValue={insights.to} required className="rounded border border-slate-400 bg-white px-2 py-2" />
        </div>
        {insights.filter ? <input type="hidden" name={filterParams[insights.filter.table]} value={insights.filter.name} /> : null}
        <button type="submit" className={`rounded border px-3 py-2 text-sm ${choice === "custom" ? "border-slate-900 bg-slate-900 text-white" : "border-slate-300 bg-white hover:bg-slate-100"}`}>
          Show custom period
        </button>
      </form>
    </div>
  );
}

function Figure({ label, value, before, shown }: { label: string; value: number; before: number; shown: (value: number) => string }) {
  const delta = label === "Conversion rate" ? `${value >= before ? "+" : ""}${((value - before) * 100).toFixed(1)} points` : change(value, before);
  return (
    <div className="rounded border border-slate-200 bg-white p-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-2xl font-semibold">{shown(value)}</dd>
      <dd className="text-sm text-slate-600">
        {delta}, from {shown(before)}
      </dd>
    </div>
  );
}

function Headline({ insights }: { insights: Insights }) {
  const p = insights.previous;
  return (
    <section aria-labelledby="figures" className="mb-6">
      <h2 id="figures" className="sr-only">
        Figures
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Figure label="Visitors" value={insights.visitors} before={p.visitors} shown={number} />
        <Figure label="Page views" value={insights.pageviews} before={p.pageviews} shown={number} />
        <Figure label="Leads" value={insights.leads} before={p.leads} shown={number} />
        <Figure label="Conversion rate" value={insights.conversionRate} before={p.conversionRate} shown={percent} />
        <Figure label="Won" value={insights.won} before={p.won} shown={number} />
        <Figure label="Lost" value={insights.lost} before={p.lost} shown={number} />
        <Figure label="In progress" value={insights.inProgress} before={p.inProgress} shown={number} />
        <Figure label="Leads taken" value={insights.leadsTaken} before={p.leadsTaken} shown={number} />
      </dl>
      <p className="mt-3 text-sm text-slate-700">
        Left out: {number(insights.leftOut.spam)} spam and {number(insights.leftOut.duplicate)} duplicate{insights.leftOut.duplicate === 1 ? "" : "s"} (messages closed as not leads are in no figure here).
      </p>
    </section>
  );
}

/** Bars of one series, drawn to the width of the page (the viewBox scales), presentation attributes only. */
function Bars({ points, value, label, fill }: { points: Point[]; value: (point: Point) => number; label: string; fill: string }) {
  const width = 600;
  const height = 120;
  const max = Math.max(1, ...points.map(value));
  const step = width / Math.max(1, points.length);
  return (
    <figure className="mb-4">
      <figcaption className="mb-1 text-sm font-medium">
        {label} (highest {number(Math.max(0, ...points.map(value)))})
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" className="block h-28 w-full rounded bg-white" role="img" aria-label={`${label}: the figures are in the table below the chart`}>
        <line x1="0" y1={height - 0.5} x2={width} y2={height - 0.5} stroke="#94a3b8" strokeWidth="1" />
        {points.map((point, i) => {
          const h = (value(point) / max) * (height - 4);
          return <rect key={point.date} x={i * step + step * 0.1} y={height - h} width={Math.max(1, step * 0.8)} height={h} fill={fill} />;
        })}
      </svg>
      <div className="flex justify-between text-xs text-slate-600" aria-hidden="true">
        <span>{shortDay(points[0]?.date ?? "")}</span>
        <span>{shortDay(points[points.length - 1]?.date ?? "")}</span>
      </div>
    </figure>
  );
}

function Chart({ insights }: { insights: Insights }) {
  const per = insights.interval === "week" ? "week" : "day";
  return (
    <section aria-labelledby="chart" className="mb-8">
      <h2 id="chart" className="mb-2 text-lg font-semibold">
        Visitors and leads per {per}
      </h2>
      <Bars points={insights.series} value={(p) => p.visitors} label={`Visitors per ${per}`} fill="#1d4ed8" />
      <Bars points={insights.series} value={(p) => p.leads} label={`Leads per ${per}`} fill="#047857" />
      <details className="rounded border border-slate-200 bg-white p-2">
        <summary className="cursor-pointer text-sm">The chart&apos;s figures as a table</summary>
        <div role="region" aria-labelledby="chart-table" tabIndex={0} className="max-h-80 overflow-auto">
          <table className="w-full text-sm">
            <caption id="chart-table" className="text-left">
              The chart&apos;s figures: visitors and leads per {per}
            </caption>
            <thead>
              <tr>
                <th scope="col" className="p-1 text-left">
                  {per === "week" ? "Week from" : "Day"}
                </th>
                <th scope="col" className="p-1 text-right">
                  Visitors
                </th>
                <th scope="col" className="p-1 text-right">
                  Leads
                </th>
              </tr>
            </thead>
            <tbody>
              {insights.series.map((point) => (
                <tr key={point.date} className="border-t border-slate-100">
                  <th scope="row" className="p-1 text-left font-normal">
                    {dayLabel(point.date)}
                  </th>
                  <td className="p-1 text-right">{number(point.visitors)}</td>
                  <td className="p-1 text-right">{number(point.leads)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

function Table({ table, insights, choice }: { table: Dimension; insights: ShownInsights; choice: Choice }) {
  const rows = insights[table];
  const withPageviews = table === "pages" || table === "landingPages";
  const id = `table-${csvNames[table]}`;
  const period = { choice, from: insights.from, to: insights.to };
  return (
    <section aria-labelledby={id} className="mb-8">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {tableTitles[table]}
        </h2>
        {/* A POST: the download is audited, so only this workspace's own pages may ask for it. */}
        <form method="post" action={`/insights/${csvNames[table]}.csv`}>
          {[...new URLSearchParams(address("", { ...period, filter: insights.filter }).slice(1))].map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="text-sm text-blue-800 underline hover:no-underline">
            Download CSV<span className="sr-only"> of {tableTitles[table].toLowerCase()}</span>
          </button>
        </form>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">None in this period.</p>
      ) : (
        <div role="region" aria-label={`${tableTitles[table]} table`} tabIndex={0} className="overflow-x-auto rounded border border-slate-200 bg-white">
          <table className="w-full min-w-[36rem] text-sm">
            <thead className="bg-slate-100">
              <tr>
                <th scope="col" className="p-2 text-left">
                  Name
                </th>
                <th scope="col" className="p-2 text-right">
                  Visitors
                </th>
                {withPageviews ? (
                  <th scope="col" className="p-2 text-right">
                    Page views
                  </th>
                ) : null}
                <th scope="col" className="p-2 text-right">
                  Leads
                </th>
                <th scope="col" className="p-2 text-right">
                  Conversion
                </th>
                <th scope="col" className="p-2 text-right">
                  Won
                </th>
                <th scope="col" className="p-2 text-right">
                  Lost
                </th>
                <th scope="col" className="p-2 text-right">
                  In progress
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.slice(0, SHOWN).map((row) => {
                const key = rowKey(table, row);
                const current = insights.filter?.table === table && insights.filter.name === key;
                return (
                  <tr key={key} className="border-t border-slate-100">
                    <th scope="row" className="max-w-xs p-2 text-left font-normal wrap-anywhere">
                      <a href={address("/insights", { ...period, filter: { table, name: key } })} aria-current={current ? "true" : undefined}>
                        {row.title ? `${row.title} ` : ""}
                        {row.title ? <span className="text-slate-600">({row.name})</span> : shownName(table, row.name)}
                      </a>
                    </th>
                    <td className="p-2 text-right">{number(row.visitors)}</td>
                    {withPageviews ? <td className="p-2 text-right">{number(row.pageviews ?? 0)}</td> : null}
                    <td className="p-2 text-right">{number(row.leads)}</td>
                    <td className="p-2 text-right">{row.visitors === 0 ? "-" : percent(row.conversionRate)}</td>
                    <td className="p-2 text-right">{number(row.won)}</td>
                    <td className="p-2 text-right">{number(row.lost)}</td>
                    <td className="p-2 text-right">{number(row.inProgress)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > SHOWN ? (
        <p className="mt-1 text-sm text-slate-600">
          The first {SHOWN} of {number(rows.length + insights.moreRows[table])} by visitors; the CSV has the first {number(rows.length)}.
        </p>
      ) : null}
      {insights.moreRows[table] > 0 ? <p className="mt-1 text-sm text-slate-600">and {number(insights.moreRows[table])} more rows</p> : null}
    </section>
  );
}

export function InsightsPage({ insights, choice, timeZone }: { insights: ShownInsights; choice: Choice; timeZone: string }) {
  const filter = insights.filter;
  return (
    <>
      <PeriodPicker choice={choice} insights={insights} />
      <p className="mb-4">
        <strong>
          {dayLabel(insights.from)} to {dayLabel(insights.to)}
        </strong>
        , compared with {dayLabel(insights.previous.from)} to {dayLabel(insights.previous.to)}. Days are counted in {timeZone}.
      </p>
      {filter ? (
        <div className="mb-4 rounded border border-amber-300 bg-amber-50 p-3">
          <p className="flex flex-wrap items-center gap-2">
            {/* A made-up name can be one long word: it wraps anywhere rather than scroll the page sideways. */}
            <span className="min-w-0 wrap-anywhere">
              Filtered by {filterLabels[filter.table]}: <strong>{filterName(filter.table, filter.name)}</strong>
            </span>
            <a href={address("/insights", { choice, from: insights.from, to: insights.to, filter: null })} className="rounded border border-slate-400 bg-white px-2 py-1 text-sm no-underline" aria-label="Remove the filter">
              ×
            </a>
          </p>
          {insights.filterFullFrom ? (
            <p className="mt-2 text-sm">
              Before {dayLabel(insights.filterFullFrom)} (more than 90 days ago) only each table&apos;s own daily figures are kept: for those days the figures, the chart and the {tableTitles[filter.table].toLowerCase()} table
              count this {filterLabels[filter.table]}, and the other tables count nothing.
            </p>
          ) : null}
        </div>
      ) : null}
      <Headline insights={insights} />
      <Chart insights={insights} />
      {tableOrder.map((table) => (
        <Table key={table} table={table} insights={insights} choice={choice} />
      ))}
      <p className="text-sm text-slate-600">
        A visitor is counted once a day, without cookies. Conversion is leads over visitors. Won and Lost are ends of a lead; open and Answered leads are in progress. Choose a row to filter the whole
        dashboard by it.
      </p>
    </>
  );
}

export function InsightsProblem({ error, params }: { error: string; params: URLSearchParams }) {
  return (
    <>
      <p role="alert" className="mb-4 rounded border border-red-300 bg-red-50 p-3">
        {error}
      </p>
      <form method="get" action="/insights" className="flex flex-wrap items-end gap-3" aria-label="Custom period">
        <div>
          <label htmlFor="from" className="block text-sm font-medium">
            From
          </label>
          <input id="from" name="from" type="date" defaultValue={params.get("from") ?? ""} required className="rounded border border-slate-400 bg-white px-2 py-2" />
        </div>
        <div>
          <label htmlFor="to" className="block text-sm font-medium">
            To
          </label>
          <input id="to" name="to" type="date" defaultValue={params.get("to") ?? ""} required className="rounded border border-slate-400 bg-white px-2 py-2" />
        </div>
        <button type="submit" className="rounded border border-slate-300 bg-white px-3 py-2 text-sm hover:bg-slate-100">
          Show custom period
        </button>
      </form>
      {/* The period links drop whatever was wrong; with a filter given, its removal keeps the period asked for. */}
      <nav aria-label="Period" className="mt-4 flex flex-wrap gap-2">
        {choices
          .filter((choice) => choice !== "custom")
          .map((choice) => (
            <a key={choice} href={`/insights?period=${choice}`} className="inline-block rounded border border-slate-400 bg-white px-3 py-2 text-sm no-underline">
              {choiceLabels[choice]}
            </a>
          ))}
      </nav>
      {Object.values(filterParams).some((name) => params.has(name)) ? (
        <p className="mt-4">
          <a href={withoutFilter(params)}>Remove the filter</a>
        </p>
      ) : null}
    </>
  );
}

/** The same address without any filter parameter (and only the period's own parameters). */
function withoutFilter(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const name of ["period", "from", "to"]) {
    const value = params.get(name);
    if (value && value.length <= 20) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `/insights?${query}` : "/insights";
}
