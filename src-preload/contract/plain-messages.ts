// Plain-language messages for every contract check that does not bring its own: a user reads them
// beside the field they are about (the field's label names it), so they say what to do in words,
// never zod's terms ("Too big: expected string to have <=512 characters"). A schema's own message wins.
import { z } from 'zod';

const count = (n: number | bigint, one: string, many: string): string => `${n} ${Number(n) === 1 ? one : many}`;

function tooBig(issue: z.core.$ZodRawIssue<z.core.$ZodIssueTooBig>): string {
  const max = issue.maximum;
  switch (issue.origin) {
    case 'string':
      return `Too long: ${count(max, 'character', 'characters')} at most`;
    case 'array':
    case 'set':
      return `Too many: ${String(max)} at most`;
    case 'file':
      return `The file is too large: ${String(max)} bytes at most`;
    default:
      return issue.inclusive === false ? `Enter a number below ${String(max)}` : `Enter a number no higher than ${String(max)}`;
  }
}

function tooSmall(issue: z.core.$ZodRawIssue<z.core.$ZodIssueTooSmall>): string {
  const min = issue.minimum;
  switch (issue.origin) {
    case 'string':
      return Number(min) <= 1 ? 'This cannot be empty' : `Too short: ${count(min, 'character', 'characters')} at least`;
    case 'array':
    case 'set':
      return Number(min) <= 1 ? 'Add at least one' : `Add at least ${String(min)}`;
    default:
      return issue.inclusive === false ? `Enter a number above ${String(min)}` : `Enter a number of at least ${String(min)}`;
  }
}

function invalidType(issue: z.core.$ZodRawIssue<z.core.$ZodIssueInvalidType>): string {
  if (issue.input === undefined) return 'This is required';
  switch (issue.expected) {
    case 'number':
    case 'int':
    case 'bigint':
      return 'Enter a number';
    case 'boolean':
      return 'Choose yes or no';
    case 'string':
      return 'Enter text';
    case 'array':
      return 'Expected a list';
    default:
      return 'This value is not one Linkdock can use here';
  }
}

/** The message for an issue, or undefined to keep the default (kinds a user never meets). */
export function plainMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'too_big':
      return tooBig(issue as z.core.$ZodRawIssue<z.core.$ZodIssueTooBig>);
    case 'too_small':
      return tooSmall(issue as z.core.$ZodRawIssue<z.core.$ZodIssueTooSmall>);
    case 'invalid_type':
      return invalidType(issue as z.core.$ZodRawIssue<z.core.$ZodIssueInvalidType>);
    case 'invalid_value': {
      const values = (issue as z.core.$ZodRawIssue<z.core.$ZodIssueInvalidValue>).values;
      return values.length <= 8 ? `Choose one of: ${values.map(String).join(', ')}` : 'Choose one of the values offered';
    }
    case 'invalid_format': {
      const format = (issue as z.core.$ZodRawIssue<z.core.$ZodIssueInvalidStringFormat>).format;
      if (format === 'email') return 'Enter a valid e-mail address';
      if (format === 'url') return 'Enter a full http:// or https:// URL';
      return 'This is not in the expected format';
    }
    case 'invalid_union':
      return 'Choose one of the values offered';
    case 'not_multiple_of':
      return 'Enter a whole number';
    case 'unrecognized_keys':
      return `Not a field Linkdock knows: ${(issue as z.core.$ZodRawIssue<z.core.$ZodIssueUnrecognizedKeys>).keys.join(', ')}`;
    default:
      return undefined;
  }
}

z.config({ customError: plainMessage });
