import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "./csv";

describe("CSV cells", () => {
  it("quotes commas, quotes and line breaks, doubling quotes", () => {
    expect(csvCell("Lekki, Lagos")).toBe('"Lekki, Lagos"');
    expect(csvCell('6" screen')).toBe('"6"" screen"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("plain")).toBe("plain");
  });

  it("keeps spreadsheets from running text as a formula", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(csvCell(`${start}1+1`).startsWith(`'${start}`) || csvCell(`${start}1+1`).startsWith(`"'${start}`)).toBe(true);
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("+2348031234567")).toBe("'+2348031234567");
    expect(csvCell("-1-1")).toBe("'-1-1");
  });

  it("leaves a plain negative amount a number", () => {
    expect(csvCell("-5000.00")).toBe("-5000.00");
    expect(csvCell("-12")).toBe("-12");
  });

  it("writes numbers, booleans and empty values as they are, one CRLF row", () => {
    expect(csvRow([1250000.5, -3, true, null, undefined, "x"])).toBe("1250000.5,-3,true,,,x\r\n");
  });
});
