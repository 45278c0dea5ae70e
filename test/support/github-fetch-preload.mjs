// Test only: `node --import ./test/support/github-fetch-preload.mjs build/server/editor.mjs` sends the editor
// server's calls to github.com and api.github.com to the fake GitHub at FAKE_GITHUB_URL (test/support/fake-github.ts).
// Any other outside address fails, so the server cannot reach the network in a test.
const fake = process.env.FAKE_GITHUB_URL;
if (!fake) throw new Error("github-fetch-preload: FAKE_GITHUB_URL is not set");
const realFetch = globalThis.fetch;
const loopback = /^(127\.0\.0\.1|localhost|\[::1\])$/;

globalThis.fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.hostname === "github.com" || url.hostname === "api.github.com") {
    const target = new URL(url.pathname + url.search, fake);
    return input instanceof Request ? realFetch(new Request(target, input), init) : realFetch(target, init);
  }
  if (!loopback.test(url.hostname)) return Promise.reject(new TypeError(`github-fetch-preload: refused a request outside loopback: ${url.href}`));
  return realFetch(input, init);
};
