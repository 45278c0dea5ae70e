/*
 * The outbox as the operator sees it (issue 37): per channel, as `npm run messages -- status` counts it, and the
 * failed deliveries with their lead, each lead with "Resend" and "Settle".
 */

export type ChannelRow = { channel: string; pending: number; scheduled: number; failed: number; previewed: number; sent: number; settled: number; oldest: string };
export type FailedRow = { reference: string; name: string; channel: string; attempts: number; lastError: string };

const headers = ["Channel", "Pending", "Scheduled", "Failed", "Previewed", "Sent", "Settled", "Oldest pending"];

export function DeliveriesPage({ channels, failed, timeZone }: { channels: ChannelRow[]; failed: FailedRow[]; timeZone: string }) {
  return (
    <div className="grid gap-6">
      <section aria-labelledby="outbox" className="min-w-0">
        <h2 id="outbox" className="mb-2 text-lg font-semibold">
          Outbox per channel
        </h2>
        <p className="mb-2 text-sm text-slate-700">
          Pending counts deliveries due now; scheduled ones wait for their time (a reminder) or for their lead to be verified. Times in {timeZone}.
        </p>
        <div role="region" aria-label="Outbox per channel (scrolls sideways)" tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full text-sm">
            <thead className="bg-slate-100 text-left">
              <tr>
                {headers.map((header) => (
                  <th key={header} scope="col" className="px-3 py-2 font-semibold">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {channels.map((row) => (
                <tr key={row.channel} className="border-t border-slate-200">
                  <th scope="row" className="px-3 py-2 text-left font-medium">
                    {row.channel}
                  </th>
                  <td className="px-3 py-2">{row.pending}</td>
                  <td className="px-3 py-2">{row.scheduled}</td>
                  <td className={`px-3 py-2 ${row.failed > 0 ? "font-semibold text-red-800" : ""}`}>{row.failed}</td>
                  <td className="px-3 py-2">{row.previewed}</td>
                  <td className="px-3 py-2">{row.sent}</td>
                  <td className="px-3 py-2">{row.settled}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{row.oldest}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="failed" className="min-w-0">
        <h2 id="failed" className="mb-2 text-lg font-semibold">
          Failed deliveries
        </h2>
        {failed.length === 0 ? (
          <p>None: every delivery was made or is still being tried.</p>
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2">
            {failed.map((row) => (
              <li key={`${row.reference}-${row.channel}`} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
                <p className="font-semibold wrap-anywhere">
                  <a href={`/leads/${row.reference}`}>{row.name}</a> <span className="font-mono text-sm">{row.reference}</span>
                </p>
                <p className="text-sm">
                  {row.channel}: failed after {row.attempts} attempt{row.attempts === 1 ? "" : "s"}
                </p>
                <p className="wrap-anywhere text-sm text-slate-700">Last error: {row.lastError}</p>
                <div className="mt-2 flex flex-wrap gap-2">
                  <form method="post" action={`/deliveries/${row.reference}/resend`}>
                    <button
                      type="submit"
                      aria-label={`Resend ${row.channel} for ${row.reference}`}
                      className="rounded bg-blue-800 px-4 py-2 font-medium text-white hover:bg-blue-900"
                    >
                      Resend
                    </button>
                  </form>
                  <form method="post" action={`/deliveries/${row.reference}/settle`}>
                    <button type="submit" aria-label={`Settle ${row.reference}`} className="rounded border border-slate-400 bg-white px-4 py-2 font-medium hover:bg-slate-100">
                      Settle
                    </button>
                  </form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
