import { Kind, type TSchema } from "@sinclair/typebox";
import type { TextOptions } from "../../model/text.ts";

/** A plain JSON Schema (2020-12, the dialect of OpenAPI 3.1): no TypeBox symbols. */
export type JsonSchema = { [key: string]: unknown };

/**
 * A TypeBox schema as plain JSON Schema 2020-12. TypeBox schemas are JSON Schema already,
 * except for what this rewrites: the custom `Text` kind (model/text.ts) becomes a string with
 * minLength/maxLength (JSON Schema counts those in characters, code points, as Text does) and a
 * description that says so; a tuple's `items: [...]` (draft 7) becomes `prefixItems`. A schema
 * that `names` holds becomes a `$ref` to its component, except at the top.
 */
export function toJsonSchema(
  schema: TSchema,
  names: ReadonlyMap<TSchema, string>,
  top = true,
): JsonSchema {
  const name = names.get(schema);
  if (!top && name !== undefined) return { $ref: `#/components/schemas/${name}` };
  const sub = (s: unknown) => toJsonSchema(s as TSchema, names, false);
  if (schema[Kind] === "Text") return textSchema(schema as unknown as TextOptions & TSchema);
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "properties")
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, TSchema>).map(([k, v]) => [k, sub(v)]),
      );
    else if (key === "items" && Array.isArray(value)) out.prefixItems = value.map(sub);
    else if (key === "items" || key === "not") out[key] = sub(value);
    else if (key === "additionalProperties" && typeof value === "object") out[key] = sub(value);
    else if (key === "patternProperties")
      out.patternProperties = Object.fromEntries(
        Object.entries(value as Record<string, TSchema>).map(([k, v]) => [k, sub(v)]),
      );
    else if (key === "anyOf" || key === "allOf" || key === "oneOf")
      out[key] = (value as TSchema[]).map(sub);
    else if (key === "additionalItems")
      continue; // the tuple's length is minItems/maxItems
    else out[key] = value;
  }
  return out;
}

/** The description of every Text string: what its lengths count. */
export const TEXT_NOTE =
  "Lengths in characters (Unicode code points, not bytes or UTF-16 units); well-formed Unicode (no lone surrogate).";

function textSchema(s: TextOptions & { description?: string }): JsonSchema {
  const why = TEXT_NOTE;
  return {
    type: "string",
    ...(s.minChars ? { minLength: s.minChars } : {}),
    maxLength: s.maxChars,
    ...(s.pattern === undefined ? {} : { pattern: s.pattern }),
    description: s.description ? `${s.description} ${why}` : why,
  };
}
