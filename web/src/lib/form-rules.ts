import { z } from 'zod';

/**
 * The rules of a request field as `@cs/proto/http` states them (the schema the service validates the same field
 * with): the forms read their limits, whether a field is required and its format from here and give only their
 * own messages, so a rule changed in proto changes the form with it.
 */
export interface FieldRules {
  /** Absent (or `undefined`) is refused. */
  required: boolean;
  minLength?: number;
  maxLength?: number;
  minValue?: number;
  maxValue?: number;
  /** zod's string format (`email`, `url`, ...) or `safeint` for an integer. */
  format?: string;
}

interface Introspected {
  minLength?: number | null;
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
  format?: string | null;
}

/** The schemas a field's value passes through: wrappers unwrapped, both sides of a pipe. */
function leaves(schema: z.ZodType): z.ZodType[] {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return leaves(schema.unwrap() as z.ZodType);
  }
  if (schema instanceof z.ZodCatch || schema instanceof z.ZodPrefault || schema instanceof z.ZodReadonly) {
    return leaves(schema.unwrap() as z.ZodType);
  }
  if (schema instanceof z.ZodPipe) return [...leaves(schema.in as z.ZodType), ...leaves(schema.out as z.ZodType)];
  return [schema];
}

const finite = (value: number | null | undefined): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** The rules of `field` (a property of a proto request schema). */
export function rulesOf(field: z.ZodType): FieldRules {
  const rules: FieldRules = { required: !field.safeParse(undefined).success };
  const keys = ['minLength', 'maxLength', 'minValue', 'maxValue'] as const;
  for (const leaf of leaves(field)) {
    const known = leaf as unknown as Introspected;
    for (const key of keys) {
      const value = finite(known[key]);
      if (rules[key] === undefined && value !== undefined) rules[key] = value;
    }
    if (rules.format === undefined && known.format) rules.format = known.format;
  }
  return rules;
}

/** A text field's messages (the form's own; each rule present in proto needs its message). */
export interface TextMessages {
  required?: string;
  tooShort?: string;
  tooLong?: string;
  format?: string;
}

/**
 * A form's text field with the rules of `field`: trimmed; required (empty refused, `messages.required`) when proto
 * requires it; proto's minimum and maximum length (`tooShort`, `tooLong`; a minimum of 1 is the required rule; an
 * optional field may stay empty); an e-mail format (`format`; empty allowed when the field is optional).
 */
export function textField(field: z.ZodType, messages: TextMessages, options: { trim?: boolean } = {}) {
  const rules = rulesOf(field);
  let text = options.trim === false ? z.string() : z.string().trim();
  if (rules.required) text = text.min(1, messages.required);
  if (rules.minLength !== undefined && rules.minLength > 1) {
    const min = rules.minLength;
    const message = messages.tooShort ?? messages.required;
    text = rules.required
      ? text.min(min, message)
      : text.refine((value) => value === '' || value.length >= min, message === undefined ? undefined : { message });
  }
  if (rules.maxLength !== undefined) text = text.max(rules.maxLength, messages.tooLong);
  if (rules.format === 'email') {
    const message = messages.format;
    return text.refine(
      (value) => (!rules.required && value === '') || z.email().safeParse(value).success,
      message === undefined ? undefined : { message },
    );
  }
  return text;
}

/**
 * A form's phone-number field for a proto field that keeps only the digits: trimmed, required as proto says
 * (`messages.required`), proto's length limits counted in digits (`tooShort`, `tooLong`); the form yields the digits.
 */
export function digitsField(field: z.ZodType, messages: TextMessages) {
  const rules = rulesOf(field);
  let text = z.string().trim();
  if (rules.required) text = text.min(1, messages.required);
  let digits = z.string();
  if (rules.minLength !== undefined) digits = digits.min(rules.minLength, messages.tooShort ?? messages.required);
  if (rules.maxLength !== undefined) digits = digits.max(rules.maxLength, messages.tooLong);
  return text.transform((value) => value.replace(/\D/g, '')).pipe(digits);
}

/** A number field's messages (absent: zod's own). */
export interface NumberMessages {
  invalid?: string;
  tooSmall?: string;
  tooBig?: string;
}

/**
 * A form's number field (typed as text, coerced) with the inclusive bounds of `field` and, for an integer field,
 * whole numbers only. For bounds that exclude their limit (`.positive()`), the form states its own rule.
 */
export function numberField(field: z.ZodType, messages: NumberMessages = {}) {
  const rules = rulesOf(field);
  const message = (text: string | undefined) => (text === undefined ? undefined : { message: text });
  let number = z.coerce.number(message(messages.invalid));
  if (rules.format === 'safeint' || rules.format === 'int32') number = number.int(message(messages.invalid));
  if (rules.minValue !== undefined) number = number.min(rules.minValue, message(messages.tooSmall));
  if (rules.maxValue !== undefined) number = number.max(rules.maxValue, message(messages.tooBig));
  return number;
}
