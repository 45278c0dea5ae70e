import type { z } from "zod";


/**
 * Keys of a value that its schema does not name, as dotted paths. zod drops them silently, so a misspelt key
 * in a content file would lose its copy without a word; the loaders refuse them instead.
 */
export function unknownKeys(schema: z.ZodType, value: unknown, path = ""): string[] {
  const def = schema._zod.def as { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType; in?: z.ZodType; innerType?: z.ZodType };
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if (def.type === "pipe" && def.in) return unknownKeys(def.in, value, path);
  if (def.innerType) return unknownKeys(def.innerType, value, path);
  if (def.type === "array" && def.element && Array.isArray(value)) return value.flatMap((item, i) => unknownKeys(def.element!, item, at(i)));
  if (def.type !== "object" || !def.shape || value === null || typeof value !== "object" || Array.isArray(value)) return [];
  const shape = def.shape;
  return Object.entries(value).flatMap(([key, child]) => (key in shape ? unknownKeys(shape[key]!, child, at(key)) : [at(key)]));
}

/** Why a content file's value does not match its schema, one "field: message" line each; empty when it does. */
export function fileIssues(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  const invalid = result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];
  return [...invalid, ...unknownKeys(schema, value).map((key) => `${key}: not a field of this kind of page (misspelt?)`)];
}
