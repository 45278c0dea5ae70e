/** A time as the workspace shows it: in the company's zone (named once on the page), e.g. "27 Nov 2026, 09:05". */
export function formatTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
}
