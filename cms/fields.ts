import { type ComponentSchema, fields } from "@keystatic/core";
import { createElement } from "react";
import { TextArea, TextField } from "@keystar/ui/text-field";
import { z } from "zod";
import { techIconSchema } from "../app/content/schema";
import { knownTechIconSchema } from "./tech-icons";

/*
 * The editor's form, derived from app/content/schema.ts: labels from the keys, help texts from the schema's
 * descriptions, limits and choices from z.toJSONSchema, and every text checked by its own zod schema, so the
 * editor refuses exactly what the build refuses, with the schema's message. Nothing here restates a limit.
 */

type Def = { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType; in?: z.ZodType; innerType?: z.ZodType; entries?: Record<string, string> };
type Json = { minLength?: number; maxLength?: number; minItems?: number; maxItems?: number; minimum?: number; maximum?: number; description?: string };

const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;
const jsonOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Json;

const specialLabels: Record<string, string> = { seo: "SEO", cta: "Call to action", readTime: "Read time (minutes)" };
/** "useCases" → "Use cases". */
export const labelOf = (key: string) => specialLabels[key] ?? key.replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()).replace(/ (\w)/g, (_m, c: string) => ` ${c.toLowerCase()}`);

const range = (min: number | undefined, max: number | undefined, unit: string) =>
  min === max && min !== undefined ? `exactly ${min} ${unit}` : `${min ?? 0}–${max ?? "any number of"} ${unit}`;
const help = (description: string | undefined, limits: string) => [description, limits].filter(Boolean).join(" · ");

/** The first message the schema gives for a value, or undefined when it accepts it. */
export const schemaMessage = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

type TextInputProps = { value: string; onChange(value: string): void; autoFocus: boolean; forceValidation: boolean };

/**
 * A text input that shows the zod schema's own message as soon as its value is one the build would refuse,
 * also inside a list item's dialog, where Keystatic's save-time validation would not show it.
 */
function SchemaTextInput(props: TextInputProps & { label: string; description: string; multiline: boolean; schema: z.ZodType }) {
  const error = schemaMessage(props.schema, props.value);
  const common = {
    label: props.label,
    description: props.description,
    autoFocus: props.autoFocus,
    value: props.value,
    onChange: props.onChange,
    isRequired: true,
    errorMessage: error,
  };
  return props.multiline ? createElement(TextArea, common) : createElement(TextField, common);
}

function textField(schema: z.ZodType, label: string) {
  const json = jsonOf(schema);
  const description = help(json.description, range(json.minLength, json.maxLength, "characters"));
  const multiline = (json.maxLength ?? 0) > 100;
  const base = fields.text({ label, description, multiline, validation: { length: { min: json.minLength, max: json.maxLength } } });
  const check = (value: string) => {
    const message = schemaMessage(schema, value);
    if (message) throw new Error(`${label}: ${message}`);
    return value;
  };
  return {
    ...base,
    Input: (props: TextInputProps) => createElement(SchemaTextInput, { ...props, label, description, multiline, schema }),
    validate: (value: string) => check(value),
    reader: { ...base.reader, parse: (value: Parameters<typeof base.reader.parse>[0]) => check(base.reader.parse(value)) },
  } as typeof base;
}

/** The editor field for one key of a zod schema. */
export function fieldFor(schema: z.ZodType, key: string): ComponentSchema {
  const def = defOf(schema);
  const label = labelOf(key);
  // A technology logo: the build also checks the slug against simple-icons, so the editor does too.
  if (schema === techIconSchema) return textField(knownTechIconSchema, label);
  if (def.type === "pipe" && def.in) return fieldFor(def.in, key);
  if (def.type === "object" && def.shape) return fields.object(fieldsOf(schema), { label, description: schema.description });
  if (def.type === "array" && def.element) {
    const json = jsonOf(schema);
    const element = fieldFor(def.element, key.replace(/ies$/, "y").replace(/s$/, ""));
    return fields.array(element, {
      label,
      description: help(json.description, range(json.minItems, json.maxItems, "items")),
      itemLabel: (props) => itemLabel(props as PreviewProps),
      validation: { length: { min: json.minItems, max: json.maxItems } },
    });
  }
  if (def.type === "enum" && def.entries) {
    const values = Object.values(def.entries);
    return fields.select({ label, description: schema.description, options: values.map((value) => ({ label: value, value })), defaultValue: values[0]! });
  }
  if (def.type === "number") {
    const json = jsonOf(schema);
    return fields.integer({ label, description: help(json.description, range(json.minimum, json.maximum, "")), validation: { isRequired: true, min: json.minimum, max: json.maximum } });
  }
  if (def.type === "string") return textField(schema, label);
  throw new Error(`The editor has no field for "${key}" (zod type ${def.type}): add one in cms/fields.ts`);
}

type PreviewProps = { value?: unknown; fields?: Record<string, PreviewProps> };
/** What a list shows for each item: a text's start, or an object's title, heading or value. */
function itemLabel(props: PreviewProps): string {
  if (typeof props.value === "string") return props.value.length > 70 ? `${props.value.slice(0, 70)}…` : props.value;
  const fieldsOfItem = props.fields ?? {};
  for (const key of ["title", "heading", "value", "label"]) {
    const value = fieldsOfItem[key]?.value;
    if (typeof value === "string" && value) return value;
  }
  return "Item";
}

/** The editor fields of a zod object schema, in the schema's key order (which is the files' key order). */
export function fieldsOf(schema: z.ZodType): Record<string, ComponentSchema> {
  const shape = defOf(schema).shape ?? {};
  return Object.fromEntries(Object.entries(shape).map(([key, child]) => [key, fieldFor(child, key)]));
}

/**
 * The title of a page, which is also what names a new page's file: Keystatic's slug field (title in the
 * file, slug as the file name), with the schema's limits for both and its message for the title.
 */
export function titleField(title: z.ZodType, slug: z.ZodType) {
  const json = jsonOf(title);
  const slugJson = z.toJSONSchema(slug) as { pattern?: string; description?: string };
  const base = fields.slug({
    name: { label: "Title", description: help(json.description, range(json.minLength, json.maxLength, "characters")), validation: { length: { min: json.minLength, max: json.maxLength } } },
    slug: {
      label: "Slug",
      description: `${slugJson.description ?? ""}: the file name and the page's URL. Changing it renames the page; see "What the editor will not do" in docs/content.md`,
      validation: slugJson.pattern ? { pattern: { regex: new RegExp(slugJson.pattern), message: schemaMessage(slug, "Not A Slug") ?? "invalid slug" } } : undefined,
    },
  });
  return {
    ...base,
    validate(value: { name: string; slug: string }, args?: Parameters<typeof base.validate>[1]) {
      const message = schemaMessage(title, value.name);
      if (message) throw new Error(`Title: ${message}`);
      return base.validate(value, args);
    },
  } as typeof base;
}
