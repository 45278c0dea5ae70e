export interface Stage {
  name: string;
  command: string;
  timings?: boolean;
}
export interface StageRow {
  name: string;
  status: string;
  ms?: number;
  projects?: { name: string; tests: number; sumMs: number; spanMs: number }[];
}
export const STAGES: Stage[];
export function formatDuration(ms: number): string;
export function runStages(stages: Stage[], options?: { cwd?: string; timingsDir?: string }): Promise<{ code: number; rows: StageRow[] }>;
export function formatTable(rows: StageRow[]): string;
