/*
 * CSV for spreadsheets (RFC 4180), safe to open in Excel, LibreOffice and Google Sheets although a visitor
 * controls every cell:
 * - every field is quoted, so no reader re-splits it on a comma or trims it;
 * - a formula starter (= + - @ tab CR) at the start of a field gets a leading apostrophe (OWASP "CSV
 *   injection"), and so does one right after a `;` or a tab, since spreadsheets in locales that split on
 *   those would start a new cell there;
 * - the file starts with a UTF-8 byte order mark, without which Excel reads UTF-8 as a legacy code page.
 */
export const BOM = "\ufeff";

const formulaStart = /(?<=^|[;\t])(?=[=+\-@\t\r])/g;

export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? "" : String(value);
  return `"${text.replace(formulaStart, "'").replaceAll('"', '""')}"`;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return BOM + [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
