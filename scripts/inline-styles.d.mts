// Types of scripts/inline-styles.mjs (documented there), so the TypeScript unit test can import the plain JS module.
export declare function inlineStylesheets(html: string, read: (path: string) => string): { html: string; inlined: string[] };
