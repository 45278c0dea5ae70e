// @vitest-environment node
import { describe, expect, it } from "vitest";
import { visible, visibleFields } from "./terminal-text";

describe("visible", () => {
  it("prints control characters as escapes instead of sending them to the terminal", () => {
    expect(visible("Ada\u001b[2J\u001b[H")).toBe("Ada\\x1b[2J\\x1b[H");
    expect(visible("fake\rline\u0007\u009b2J\u007f")).toBe("fake\\rline\\x07\\x9b2J\\x7f");
    expect(visible("evil\u202egnp.exe")).toBe("evil\\u202egnp.exe");
  });

  it("keeps line breaks and tabs only in multi-line fields", () => {
    expect(visible("a\nb\tc")).toBe("a\\nb\\tc");
    expect(visible("a\nb\tc\u001b", { multiline: true })).toBe("a\nb\tc\\x1b");
  });

  it("leaves ordinary unicode alone", () => {
    expect(visible("Zoë — 日本 🚀")).toBe("Zoë — 日本 🚀");
  });

  it("maps every string field of a record", () => {
    expect(visibleFields({ id: 1, name: "x\ny", message: "x\ny", note: null }, ["message"])).toEqual({ id: 1, name: "x\\ny", message: "x\ny", note: null });
  });
});
