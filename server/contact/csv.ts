/*
 * CSV for spreadsheets (RFC 4180). A cell that starts with = + - @ or a tab/CR is a formula to Excel,
 * LibreOffice and Google Sheets, and a visitor controls every cell we export, so such cells get a leading
 * apostrophe (OWASP "CSV injection"): the spreadsheet shows the text instead of running it.
 */
const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
