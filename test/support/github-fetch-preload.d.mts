// Side effects only: replaces globalThis.fetch so that GitHub's hosts reach FAKE_GITHUB_URL.
export {};
