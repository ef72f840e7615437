import type { TSchema } from "@sinclair/typebox";
import { type ValueError, type ValueErrorIterator, ValueErrorType } from "@sinclair/typebox/errors";
import type { FieldErrors } from "../model/import.ts";
import { type TextOptions, textProblem } from "../model/text.ts";

// Turns TypeBox's errors into the field paths and messages of Django REST framework, which
// store developers know from the service this one replaces ("This field is required.").

const jsType = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "list" : typeof value;

function messageOf(error: ValueError): string {
  const s = error.schema as Record<string, unknown>;
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return "This field is required.";
    case ValueErrorType.String:
      return "Not a valid string.";
    case ValueErrorType.Number:
      return "A valid number is required.";
    case ValueErrorType.Integer:
      return "A valid integer is required.";
    case ValueErrorType.Boolean:
      return "Must be a valid boolean.";
    case ValueErrorType.Array:
      return `Expected a list of items but got type "${jsType(error.value)}".`;
    case ValueErrorType.Object:
      return `Invalid data. Expected a dictionary, but got ${jsType(error.value)}.`;
    case ValueErrorType.ArrayMinItems:
      return "This list may not be empty.";
    case ValueErrorType.ArrayMaxItems:
      return `Ensure this field has no more than ${s.maxItems} elements.`;
    case ValueErrorType.NumberMaximum:
    case ValueErrorType.IntegerMaximum:
      return `Ensure this value is less than or equal to ${s.maximum}.`;
    case ValueErrorType.Kind:
      return textMessage(s as unknown as TextOptions, error.value);
    case ValueErrorType.NumberExclusiveMinimum:
    case ValueErrorType.IntegerExclusiveMinimum:
      return `Ensure this value is greater than ${s.exclusiveMinimum}.`;
    case ValueErrorType.NumberMinimum:
    case ValueErrorType.IntegerMinimum:
      return `Ensure this value is greater than or equal to ${s.minimum}.`;
    case ValueErrorType.StringMinLength:
      return "This field may not be blank.";
    case ValueErrorType.StringMaxLength:
      return `Ensure this field has no more than ${s.maxLength} characters.`;
    case ValueErrorType.StringPattern:
      return patternMessage(String(s.pattern));
    case ValueErrorType.Literal:
      return `"${echo(error.value)}" is not a valid choice.`;
    default:
      return "Invalid value.";
  }
}

function textMessage(schema: TextOptions, value: unknown): string {
  switch (textProblem(schema, value)) {
    case "type":
      return "Not a valid string.";
    case "unicode":
      return "Enter valid Unicode text.";
    case "blank":
      return "This field may not be blank.";
    case "long":
      return `Ensure this field has no more than ${schema.maxChars} characters.`;
    case "pattern":
      return patternMessage(String(schema.pattern));
    default:
      return "Invalid value.";
  }
}

/** A value as a message quotes it: at most 50 characters of it, well-formed. */
export function echo(value: unknown): string {
  const s = String(value);
  return s.length > 50 ? `${s.slice(0, 50).toWellFormed()}…` : s.toWellFormed();
}

function patternMessage(pattern: string): string {
  if (pattern.startsWith("^https?")) return "Enter a valid URL starting with http:// or https://.";
  if (pattern.startsWith("^#")) return "Enter a valid hex color in the form #RRGGBB.";
  if (pattern.startsWith("^[1-9]")) return "Ensure this value is a positive integer.";
  return "Invalid value.";
}

const isChoice = (schema: TSchema): boolean =>
  Array.isArray(schema.anyOf) && schema.anyOf.every((b: TSchema) => b.const !== undefined);

// For a value that matches no branch of a union, report the errors of the branch it was meant
// for: the one whose JSON type the value has, else the first. A null never lands here: every
// nullable union has a null branch that accepts it.
function pickBranch(error: ValueError): ValueErrorIterator | undefined {
  const branches = (error.schema.anyOf ?? []) as TSchema[];
  const type = jsType(error.value);
  const wanted = branches.findIndex(
    (b) =>
      b.type === type ||
      (type === "number" && b.type === "integer") ||
      (type === "list" && b.type === "array") ||
      (type === "object" && b.type === "object"),
  );
  return error.errors[Math.max(wanted, 0)];
}

function collect(errors: Iterable<ValueError>, out: FieldErrors): void {
  for (const error of errors) {
    if (error.type === ValueErrorType.Union) {
      if (isChoice(error.schema)) {
        add(out, error.path, `"${echo(error.value)}" is not a valid choice.`);
        continue;
      }
      const branch = pickBranch(error);
      if (branch) collect(branch, out);
      continue;
    }
    add(out, error.path, messageOf(error));
  }
}

const REQUIRED = "This field is required.";

function add(out: FieldErrors, pointer: string, message: string): void {
  const field = pointer.slice(1).replaceAll("/", ".") || "non_field_errors";
  const list = out[field];
  // A missing field also fails its type check; the one message that helps is "required".
  if (!list || message === REQUIRED) out[field] = [message];
  else if (!list.includes(message) && list[0] !== REQUIRED) list.push(message);
}

/** Every failing field of a value, in DRF's style; {} when it matches. */
export function fieldErrors(errors: ValueErrorIterator): FieldErrors {
  const out: FieldErrors = {};
  collect(errors, out);
  return out;
}

export function addFieldError(out: FieldErrors, field: string, message: string): void {
  add(out, `/${field.replaceAll(".", "/")}`, message);
}
