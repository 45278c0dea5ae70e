// Types of test/support/system-tools.mjs (documented there), so the TypeScript unit test can import the plain JS module.
export type ToolName = "chromium" | "firefox" | "webkit" | "xvfb" | "postgres" | "promtool";
export type Machine = { isRoot: boolean; isDebian: boolean; hasAptGet: boolean };
export type InstallPlan = { action: "none" } | { action: "install"; commands: string[] } | { action: "fail"; message: string };

export declare const aptLockWait: string;
export declare function onPath(name: string, path?: string): string | undefined;
export declare const tools: Record<ToolName, { package: string; find(): string | undefined; otherwise: string; aptOptions?: string[] }>;
export declare function wantedTools(args: string[], env?: Record<string, string | undefined>): string[];
export declare function machine(): Machine;
export declare function installPlan(missing: ToolName[], machine: Machine): InstallPlan;
