// What every service call carries (the workspace it is for and how urgent it is) and the inputs
// of list and by-id calls: calls.ts and resource-table.ts build their calls from these.
import { z } from 'zod';
import { INPUT_BOUNDS as MAX } from './input-bounds.ts';
import { ResultsPerPageSchema } from './resources.ts';

export const WorkspaceIdSchema = z
  .string()
  .max(MAX.workspaceId, { message: 'not a workspace id', abort: true })
  .regex(/^[a-z0-9-]{1,64}$/, 'not a workspace id');

/** Service calls the user waits on go before background sync work when the rate limit is tight. */
export const PrioritySchema = z.enum(['interactive', 'background']);
export type Priority = z.infer<typeof PrioritySchema>;

export const inWorkspace = { workspaceId: WorkspaceIdSchema };
export const serviceCall = { ...inWorkspace, priority: PrioritySchema.optional() };
export const serverId = z.number().int().positive();
export const listInput = z.strictObject({
  ...serviceCall,
  page: z.number().int().positive().max(MAX.pageNumber).optional(),
  resultsPerPage: ResultsPerPageSchema.optional(),
});
export const byId = z.strictObject({ ...serviceCall, id: serverId });
export const nothing = z.object({}).strict();
export const none = z.null();

/** A call's input, which main checks before anything runs, and its output. */
export interface CallSchema {
  input: z.ZodType;
  output: z.ZodType;
}

export function call<I extends z.ZodType, O extends z.ZodType>(input: I, output: O): { input: I; output: O } {
  return { input, output };
}
