import { describe, expect, it } from "vitest";
import { addressKey, normaliseAddress } from "./address-key";

describe("normaliseAddress", () => {
  it("gives one form to the spellings of one inbox", () => {
    for (const spelling of ["victim@gmail.com", "Victim@GMAIL.com", " victim+1@gmail.com", "victim+a+b@gmail.com", "v.ictim@gmail.com", "V.i.c.t.i.m+news@googlemail.com"]) {
      expect(normaliseAddress(spelling), spelling).toBe("victim@gmail.com");
    }
    expect(normaliseAddress("Grace.Hopper+work@Navy.example")).toBe("grace.hopper@navy.example");
    // One account's name at each of its provider's domains is one inbox.
    for (const spelling of ["victim@icloud.com", "Victim@me.com", "victim+x@mac.com"]) expect(normaliseAddress(spelling), spelling).toBe("victim@icloud.com");
    for (const spelling of ["victim@proton.me", "victim@protonmail.com", "victim@protonmail.ch", "victim+x@pm.me"]) expect(normaliseAddress(spelling), spelling).toBe("victim@proton.me");
  });

  it("keeps what tells other inboxes apart", () => {
    // Dots matter outside Gmail; the domain is never merged with another.
    expect(normaliseAddress("g.race@navy.example")).not.toBe(normaliseAddress("grace@navy.example"));
    expect(normaliseAddress("victim@gmail.co")).toBe("victim@gmail.co");
    expect(normaliseAddress("victim@mail.gmail.com")).toBe("victim@mail.gmail.com");
    // Nothing to strip a tag from: the address stays as typed (lower case).
    expect(normaliseAddress("+tag@example.com")).toBe("+tag@example.com");
    expect(normaliseAddress("not-an-address")).toBe("not-an-address");
  });

  it("is what the once-a-day key hashes", () => {
    expect(addressKey("v.ictim+2@googlemail.com")).toBe(addressKey("victim@gmail.com"));
    expect(addressKey("victim@gmail.com")).toMatch(/^[0-9a-f]{64}$/);
    expect(addressKey("victim@gmail.com")).not.toBe(addressKey("victim2@gmail.com"));
  });
});
