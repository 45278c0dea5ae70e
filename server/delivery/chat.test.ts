// @vitest-environment node
import { micromark } from "micromark";
import { gfmAutolinkLiteral, gfmAutolinkLiteralHtml } from "micromark-extension-gfm-autolink-literal";
import { describe, expect, it } from "vitest";
import type { StoredMessage } from "../db/store";
import { chatText, escapeChat } from "./chat";

/*
 * The alert as Mattermost and Discord read it: Markdown (CommonMark, plus GFM's bare-URL autolinks, rendered by
 * micromark), after their Slack-compatible endpoints turn &lt; &gt; &amp; back into characters.
 */
const asMarkdownClient = (text: string) =>
  micromark(text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&"), {
    extensions: [gfmAutolinkLiteral()],
    htmlExtensions: [gfmAutolinkLiteralHtml()],
  });

const hostile = [
  "[Open lead in CRM](https://phish.example/login)",
  "![](https://tracker.example/p.png)",
  "![x][pixel] [CRM][crm] [crm]\n\n[crm]: https://phish.example\n[pixel]: https://tracker.example/p.png",
  "<https://phish.example> https://phish.example/a www.phish.example mailto:boss@phish.example",
  "```\nfake alert ends here\n``` `code`",
  "~~~\nfake alert ends here\n~~~",
];

const lead: StoredMessage = {
  id: 42,
  firstName: "[Open lead in CRM](https://phish.example)",
  lastName: "![](https://tracker.example/p.png)",
  email: "eve@example.com",
  company: "<https://phish.example|ACME> www.phish.example",
  message: hostile.join("\n"),
  createdAt: "2026-11-23T15:18:11.403Z",
  country: null,
  device: null,
  verification: "verified",
  verificationNote: null,
  source: { landingPage: "/", utm: { campaign: "[win](https://phish.example)" }, referrer: "https://news.example", pages: ["/"] },
};

describe("the chat alert", () => {
  it("leaves no link, image or code block a visitor wrote, in any field, for a Markdown client", () => {
    for (const text of [...hostile.map(escapeChat), chatText(lead), chatText({ ...lead, source: { ...lead.source!, utm: undefined } })]) {
      const html = asMarkdownClient(text);
      // Inline code may stay (it carries no link); a fence could swallow the rest of the alert.
      expect(html, text).not.toMatch(/<a |<img |<pre/);
    }
  });

  it("reads the same as typed: the word joiners are invisible, Slack's own markup stays", () => {
    const text = chatText(lead);
    expect(text.replaceAll("\u2060", "")).toContain("New lead #42 from *[Open lead in CRM](https://phish.example) ![](https://tracker.example/p.png)* (&lt;https://phish.example|ACME&gt; www.phish.example)");
    expect(text.replaceAll("\u2060", "")).toContain("> [Open lead in CRM](https://phish.example/login)");
    expect(text).toContain("Source: campaign [win]\u2060(https\u2060://phish.example)");
    // Slack's mrkdwn: the bold name and the quote are ours, not the visitor's.
    expect(text.split("\n")[0]).toMatch(/^New lead #42 from \*.*\*/);
  });
});
