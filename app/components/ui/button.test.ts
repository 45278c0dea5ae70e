import { describe, expect, it } from "vitest";
import { buttonClass, type ButtonSize, type ButtonVariant } from "./button";

// Two utilities for one property in one class list are decided by stylesheet order, not list order:
// a button's class list must set padding and font size exactly once.
const groups: Record<string, RegExp> = {
  "padding-x": /^(?:p|px)-/,
  "padding-y": /^(?:p|py)-/,
  "font-size": /^text-(?:xs|sm|base|lg|xl|\d?xl)$/,
};

describe("buttonClass", () => {
  const variants: ButtonVariant[] = ["primary", "secondary", "light", "outlineLight"];
  const sizes: ButtonSize[] = ["md", "sm"];
  for (const variant of variants)
    for (const size of sizes)
      it(`${variant} ${size} sets padding and font size once`, () => {
        const classes = buttonClass(variant, size, "w-full mt-8").split(/\s+/);
        for (const [group, pattern] of Object.entries(groups)) expect(classes.filter((c) => pattern.test(c)), group).toHaveLength(1);
      });

  it("the small size is smaller", () => {
    expect(buttonClass("primary", "sm")).toContain("px-5 py-2 text-sm");
    expect(buttonClass("primary")).toContain("px-6 py-3 text-base");
  });
});
