// @vitest-environment node
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("LEADS_CONFIRMATION_HOURLY_LIMIT", () => {
  it("left empty (KEY= in a compose file or docker run -e) is the default, never a silent 0 that sends no confirmation", () => {
    expect(loadConfig({}).LEADS_CONFIRMATION_HOURLY_LIMIT).toBe(30);
    expect(loadConfig({ LEADS_CONFIRMATION_HOURLY_LIMIT: "" }).LEADS_CONFIRMATION_HOURLY_LIMIT).toBe(30);
    expect(loadConfig({ LEADS_CONFIRMATION_HOURLY_LIMIT: "0" }).LEADS_CONFIRMATION_HOURLY_LIMIT).toBe(0);
    expect(() => loadConfig({ LEADS_CONFIRMATION_HOURLY_LIMIT: "thirty" })).toThrow(/LEADS_CONFIRMATION_HOURLY_LIMIT/);
  });
});
