/** CSV for spreadsheets (RFC 4180), safe to open in Excel, LibreOffice or Google Sheets. */
import { TEST_PAYMENT_LABEL } from "./constants";
import { formatLagosDateTime } from "./lagos-time";

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

/** A moment as the screens show it, in Lagos time ("Nov 3, 2026, 4:05 PM"); blank when there is none. */
export const csvTime = (value: string | Date | null | undefined): string | null => (value ? formatLagosDateTime(value) : null);

/** 'Test' on money made in test mode (docs/payments.md), blank on real money: every export writes it so. */
export const csvTestCell = (isTest: boolean | null | undefined): string | null => (isTest ? TEST_PAYMENT_LABEL : null);
