import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("csvCell", () => {
  it("quotes every field, plain text included, so no reader re-splits or trims it", () => {
    expect(csvCell("Ada Lovelace")).toBe('"Ada Lovelace"');
    expect(csvCell(42)).toBe('"42"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(" x")).toBe('" x"');
  });

  it("doubles quotes and keeps line breaks inside the quotes", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("line 1\nline 2")).toBe('"line 1\nline 2"');
    expect(csvCell("line 1\r\nline 2")).toBe('"line 1\r\nline 2"');
  });

  it.each([
    ["=1+1", `"'=1+1"`],
    ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ["+33 1 23", `"'+33 1 23"`],
    ["-2+3", `"'-2+3"`],
    ["@SUM(A1:A2)", `"'@SUM(A1:A2)"`],
    ["\t=1", `"'\t'=1"`],
    ["\r=1", `"'\r=1"`],
  ])("neutralises the formula %j at the start of the field", (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it.each([
    ["Ada;=cmd|' /C calc'!A0", `"Ada;'=cmd|' /C calc'!A0"`],
    ["Ada\t@SUM(1)", `"Ada\t'@SUM(1)"`],
    ["a;b;+1", `"a;b;'+1"`],
  ])("neutralises a formula after a ; or tab separator: %j", (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it("does not touch formula characters elsewhere", () => {
    expect(csvCell("a=b")).toBe('"a=b"');
    expect(csvCell("e-mail")).toBe('"e-mail"');
    expect(csvCell("a; b")).toBe('"a; b"');
  });

  it("removes bidi embedding, override and isolate controls, then still neutralises a formula behind one", () => {
    expect(csvCell("invoice\u202Efdp.exe")).toBe('"invoicefdp.exe"');
    expect(csvCell("a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069i")).toBe('"abcdefghi"');
    expect(csvCell("\u202E=1+1")).toBe(`"'=1+1"`);
    expect(csvCell("Ada;\u2066+1")).toBe(`"Ada;'+1"`);
    // Marks that only set direction (LRM/RLM) and Arabic or Hebrew text stay.
    expect(csvCell("\u200Fשלום")).toBe('"\u200Fשלום"');
  });

  it("keeps unicode as is", () => {
    expect(csvCell("Zoë 日本 🚀")).toBe('"Zoë 日本 🚀"');
  });
});

describe("toCsv", () => {
  it("starts with a UTF-8 BOM and writes a header and CRLF-terminated rows", () => {
    expect(toCsv(["id", "name"], [[1, "a,b"], [2, "=x"]])).toBe('\ufeff"id","name"\r\n"1","a,b"\r\n"2","\'=x"\r\n');
  });
});
