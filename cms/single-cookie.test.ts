import { describe, expect, it } from "vitest";
import { hideDuplicatedCookie } from "./single-cookie";

describe("the editor page's view of its token cookie", () => {
  it("hides both copies when a second one was planted, and leaves a single one alone", () => {
    let jar = "";
    const written: string[] = [];
    const page = Object.create({ get cookie() { return jar; }, set cookie(value: string) { written.push(value); } }) as { cookie: string };
    hideDuplicatedCookie("keystatic-gh-access-token", page);
    jar = "keystatic-gh-access-token=ghu_planted; theme=dark; keystatic-gh-access-token=ghu_mine";
    expect(page.cookie).toBe("theme=dark");
    jar = "theme=dark; keystatic-gh-access-token=ghu_mine";
    expect(page.cookie).toBe("theme=dark; keystatic-gh-access-token=ghu_mine");
    page.cookie = "a=1";
    expect(written).toEqual(["a=1"]);
  });
});
