import { afterEach, describe, expect, it, vi } from "vitest";
import { afterContentScript } from "./before-hydration";

// What the script appends to <body>, kept out of the document (happy-dom would try to load /count.js).
function appended() {
  const nodes: Node[] = [];
  vi.spyOn(document.body, "append").mockImplementation((...added: (Node | string)[]) => void added.forEach((node) => typeof node !== "string" && nodes.push(node)));
  return () => nodes.filter((node): node is HTMLScriptElement => node instanceof HTMLScriptElement && node.getAttribute("src") === "/count.js");
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the end-of-body script", () => {
  it("asks for the counting code in a task after its own, not inside the parser's (decision 38, item 1)", () => {
    vi.useFakeTimers();
    const countScripts = appended();
    new Function(afterContentScript(true))();
    expect(countScripts(), "nothing asked for while the script runs").toHaveLength(0);
    vi.runAllTimers();
    expect(countScripts()).toHaveLength(1);
    expect(countScripts()[0]?.type).toBe("module");
  });

  it("asks for nothing when counting was left out at build time", () => {
    vi.useFakeTimers();
    const countScripts = appended();
    new Function(afterContentScript(false))();
    vi.runAllTimers();
    expect(countScripts()).toHaveLength(0);
  });
});
