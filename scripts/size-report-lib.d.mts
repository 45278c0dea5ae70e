// Types of scripts/size-report-lib.mjs (documented there), so the TypeScript unit test can import the plain JS module.
export type AssetRefs = { js: string[]; css: string[] };
export type RouteSize = { route: string; jsGzip: number; cssGzip: number; htmlGzip: number; jsFiles?: string[]; cssFiles?: string[] };
export type Budgets = { firstLoadJsGzip: Record<string, number> & { default: number }; cssGzip: number; htmlGzip: number };
export type BudgetMiss = { route: string; metric: "firstLoadJsGzip" | "cssGzip" | "htmlGzip"; actual: number; budget: number };

export declare function parseAttributes(tag: string): Record<string, string>;
export declare function importSpecifiers(code: string, options?: { dynamic?: boolean }): string[];
export declare function extractAssetRefs(html: string): AssetRefs;
export declare function resolveSitePath(ref: string, base: string): string | null;
export declare function routeOfFile(file: string): string;
export declare function isRouteFile(file: string): boolean;
export declare function validateBudgets(value: unknown): Budgets;
export declare function jsBudgetFor(budgets: Budgets, route: string): number;
export declare function checkBudgets(rows: RouteSize[], budgets: Budgets): BudgetMiss[];
export declare function unknownBudgetRoutes(rows: RouteSize[], budgets: Budgets): string[];
export declare function formatBytes(bytes: number): string;
export declare function formatTable(rows: RouteSize[], budgets?: Budgets): string;
export declare function formatMisses(misses: BudgetMiss[]): string;
