import { describe, expect, it } from "vitest";
import { cleanAttribution } from "./attribution-text";

describe("cleanAttribution", () => {
  it("removes controls, bidi embeddings, overrides, isolates and marks, zero-width and tag characters; trims and cuts", () => {
    const hidden = ["\u0000", "\u001b", "\u007f", "\u0085", "\u009f", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u200b", "\u200c", "\u200d", "\ufeff", "\u200e", "\u200f", "\u2060", "\u{e0041}"];
    expect(cleanAttribution(` news${hidden.join("")}letter `, 200)).toBe("newsletter");
    expect(cleanAttribution("\u202Eelgoog", 200)).toBe("elgoog");
    expect(cleanAttribution("abcdef", 3)).toBe("abc");
  });

  it("keeps what is text: letters of any script, emoji (with their joiners' neighbours), spaces inside", () => {
    expect(cleanAttribution("Rückruf Kampagne 東京 😀", 200)).toBe("Rückruf Kampagne 東京 😀");
  });
});
