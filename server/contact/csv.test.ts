import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("csvCell", () => {
  it("leaves plain text alone", () => {
    expect(csvCell("Ada Lovelace")).toBe("Ada Lovelace");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("quotes cells with commas, quotes and line breaks, doubling the quotes", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("line 1\nline 2")).toBe('"line 1\nline 2"');
    expect(csvCell("line 1\r\nline 2")).toBe('"line 1\r\nline 2"');
  });

  it("quotes cells with leading or trailing spaces so no reader trims them", () => {
    expect(csvCell(" x")).toBe('" x"');
  });

  it.each([
    ["=1+1", "'=1+1"],
    ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ["+33 1 23", "'+33 1 23"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\t=1", "'\t=1"],
    ["\r=1", "\"'\r=1\""],
  ])("neutralises the formula %j", (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it("does not touch formula characters after the start", () => {
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("e-mail")).toBe("e-mail");
  });

  it("keeps unicode as is", () => {
    expect(csvCell("Zoë 日本 🚀")).toBe("Zoë 日本 🚀");
  });
});

describe("toCsv", () => {
  it("writes a header and CRLF-terminated rows", () => {
    expect(toCsv(["id", "name"], [[1, "a,b"], [2, "=x"]])).toBe('id,name\r\n1,"a,b"\r\n2,\'=x\r\n');
  });
});
