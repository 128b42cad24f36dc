// The workspace forms' values and their checks with the contract's own call schemas (main checks
// the same): a new workspace, another address, a new key, a new name. Pure.
import { appCalls, INSECURE_HTTP_WARNING, isInsecureHttp, originOf, sameOrigin, type WorkspaceInfo } from '../../../src-preload/contract/index.ts';
import type { z } from 'zod';
import { checkInput } from '../../resource-screens/form-errors.ts';

/** Beside Base URL while plain http is not confirmed (the consent box above says why). */
export const CONFIRM_INSECURE_HTTP = 'Confirm below that the key may travel in clear text, or use https://.';

/** What a call carries: the confirmation only where it is needed. */
export function insecureHttpFlag(baseUrl: string, confirmed: boolean): boolean {
  return isInsecureHttp(baseUrl) && confirmed;
}

/** A key belongs to the server it was entered for: an address on another one needs that server's key. */
export function needsKey(currentBaseUrl: string, baseUrl: string): boolean {
  return originOf(baseUrl) !== null && !sameOrigin(baseUrl, currentBaseUrl);
}

/** The contract's check; its refusal of unconfirmed plain http repeats the warning, so the form asks for the tick instead. */
function check<S extends z.ZodType>(schema: S, input: unknown) {
  const result = checkInput(schema, input);
  if (result.errors.baseUrl?.startsWith(INSECURE_HTTP_WARNING)) result.errors.baseUrl = CONFIRM_INSECURE_HTTP;
  return result;
}

export interface AddWorkspaceValues {
  name: string;
  baseUrl: string;
  apiKey: string;
  insecureConfirmed: boolean;
}

export const EMPTY_WORKSPACE: AddWorkspaceValues = { name: '', baseUrl: '', apiKey: '', insecureConfirmed: false };

export function checkAddWorkspace(values: AddWorkspaceValues) {
  const { name, baseUrl, apiKey } = values;
  return check(appCalls['workspaces.add'].input, { name, baseUrl, apiKey, allowInsecureHttp: insecureHttpFlag(baseUrl, values.insecureConfirmed) });
}

export interface AddressValues {
  baseUrl: string;
  apiKey: string;
  insecureConfirmed: boolean;
}

/** Another address for `workspace`, with the key of the new server when it is another one. */
export function checkAddress(workspace: Pick<WorkspaceInfo, 'id' | 'baseUrl'>, values: AddressValues) {
  const { baseUrl, apiKey } = values;
  return check(appCalls['workspaces.setBaseUrl'].input, {
    workspaceId: workspace.id,
    baseUrl,
    ...(needsKey(workspace.baseUrl, baseUrl) ? { apiKey } : {}),
    allowInsecureHttp: insecureHttpFlag(baseUrl, values.insecureConfirmed),
  });
}

export function checkKey(workspaceId: string, values: { apiKey: string }) {
  return check(appCalls['workspaces.setKey'].input, { workspaceId, apiKey: values.apiKey });
}

export function checkRename(workspaceId: string, values: { name: string }) {
  return check(appCalls['workspaces.rename'].input, { workspaceId, name: values.name });
}
