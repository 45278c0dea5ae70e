// Part of `npm run build`: each prerendered page carries its stylesheet in a <style> element instead of a
// <link>. On a slow phone connection the linked file costs a full round trip before anything is painted
// (see docs/decisions.md); inlined, the page paints as soon as its HTML has arrived. The CSP allows inline
// styles. The client never renders the link (app/root.tsx), so hydration finds the <style> and leaves it.

/**
 * The page with every `<link rel="stylesheet" href="/…">` replaced by a `<style>` holding the file's text.
 * `read` returns the text of a site path; a link to another origin is left alone.
 * @param {string} html
 * @param {(path: string) => string} read
 * @returns {{ html: string, inlined: string[] }}
 */
export function inlineStylesheets(html, read) {
  /** @type {string[]} */
  const inlined = [];
  const result = html.replace(/<link\b[^>]*>/g, (tag) => {
    if (!/\brel="stylesheet"/.test(tag)) return tag;
    const href = /\bhref="(\/[^"/][^"]*)"/.exec(tag)?.[1];
    if (!href) return tag;
    const css = read(href);
    // The only sequence that would end the element early; no real stylesheet contains it.
    if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style" and cannot be inlined`);
    inlined.push(href);
    return `<style>${css}</style>`;
  });
  return { html: result, inlined };
}
