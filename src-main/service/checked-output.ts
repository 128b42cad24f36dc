// Answers the service client has already checked against a contract schema, remembered with that
// schema. The call router skips checking such an answer a second time when its call's output
// schema is exactly the one it was checked against (a 1,000-row list page costs ~0.5 ms of zod
// per check). Only the client marks values; anything else is still checked by the router.
import type { z } from 'zod';

const checkedAgainst = new WeakMap<object, z.ZodType>();

export function markChecked<T extends object>(value: T, schema: z.ZodType): T {
  checkedAgainst.set(value, schema);
  return value;
}

/** True when `value` was produced already checked against exactly `schema`. */
export function wasCheckedAgainst(value: unknown, schema: z.ZodType): boolean {
  return typeof value === 'object' && value !== null && checkedAgainst.get(value) === schema;
}
