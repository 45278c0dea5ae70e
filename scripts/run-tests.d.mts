export interface Stage {
  name: string;
  command: string;
  timings?: boolean;
  /** Stages with the same group (consecutive) run side by side. */
  group?: string;
  /** Within a group, the stages of one lane run one after the other. */
  lane?: string;
  /** Set for this stage; undefined removes the variable. */
  env?: Record<string, string | undefined>;
}
export interface StageRow {
  name: string;
  status: string;
  ms?: number;
  /** The group it ran in side by side, and that group's wall time. */
  group?: string;
  groupMs?: number;
  projects?: { name: string; tests: number; sumMs: number; spanMs: number }[];
}
export const STAGES: Stage[];
export function formatDuration(ms: number): string;
export function runStages(stages: Stage[], options?: { cwd?: string; timingsDir?: string }): Promise<{ code: number; rows: StageRow[]; ms: number }>;
export function formatTable(rows: StageRow[], ms?: number): string;
