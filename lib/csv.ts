/** CSV for spreadsheets (RFC 4180), safe to open in Excel, LibreOffice or Google Sheets. */

export type CsvCell = string | number | boolean | null | undefined;

/** Cells starting with these are run as formulas by spreadsheet programs. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain signed decimal (-5000.00) is read as a number, never run: it needs no guard. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One cell: text that a spreadsheet would run as a formula gets a leading apostrophe (shown
 * as text, never evaluated); text with a comma, quote or line break is quoted, quotes doubled.
 * Numbers are written as they are.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  const text = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** Spreadsheets read the file as UTF-8 (names, ₦) only with a byte-order mark. */
export const CSV_BOM = "\uFEFF";
