// /api/notification-handlers. Settings hold the fields of the handler's type; changing the type
// drops the old type's settings.
import type { FastifyInstance } from 'fastify';
import { HANDLER_FIELD_NAMES, HANDLER_TYPE_FIELDS, HANDLER_URL_FIELDS, type HandlerType } from '../../../src-preload/contract/api-rules.ts';
import { HandlerCreateSchema, HandlerUpdateSchema } from '../../../src-preload/contract/inputs.ts';
import type { HandlerRecord } from '../storage/handlers.ts';
import { formatServiceDatetime } from '../time.ts';
import { unsafeUrlProblem } from '../urls.ts';
import type { SandboxDeps } from './deps.ts';
import { ApiError, fromZod, validationError } from './errors.ts';
import { readForm } from './form.ts';
import { splitForm, toFlag, type Issue } from './form-values.ts';
import { envelope, readId, readPageQuery } from './pagination.ts';
import { created, deleted, updated } from './responses.ts';
import { handlerView } from './views.ts';

const NOT_FOUND = 'Notification handler not found';
const CREATE_FIELDS = ['name', 'type', ...HANDLER_FIELD_NAMES];

export function registerHandlerRoutes(api: FastifyInstance, deps: SandboxDeps): void {
  const { store } = deps;

  api.get('/notification-handlers', async (request) => {
    const page = readPageQuery(request.query);
    const { rows, total } = store.handlers.list(request.sandboxAccountId, page);
    return envelope(deps.baseUrl(), 'notification-handlers', page, rows.map(handlerView), total);
  });

  api.get<{ Params: { id: string } }>('/notification-handlers/:id', async (request) => {
    const handler = store.handlers.get(request.sandboxAccountId, readId(request.params.id, NOT_FOUND));
    if (!handler) throw new ApiError(404, NOT_FOUND);
    return { data: handlerView(handler) };
  });

  api.post('/notification-handlers', async (request, reply) => {
    const raw = splitForm(await readForm(request), { scalars: CREATE_FIELDS });
    checkUrls(raw.scalars);
    // An empty type-specific field on create is an absent one.
    const candidate = Object.fromEntries([...raw.scalars].filter(([name, value]) => !(HANDLER_FIELD_NAMES as string[]).includes(name) || value.trim() !== ''));
    const parsed = HandlerCreateSchema.safeParse(candidate);
    if (!parsed.success) throw fromZod(parsed.error);
    const input = parsed.data as Record<string, string | undefined> & { name: string; type: HandlerType };
    const id = store.handlers.insert({
      account_id: request.sandboxAccountId,
      type: input.type,
      name: input.name,
      settings: settingsFor(input.type, {}, input, new Set()),
      is_enabled: true,
      last_datetime: null,
      datetime: formatServiceDatetime(deps.now()),
    });
    return created(reply, { id });
  });

  api.post<{ Params: { id: string } }>('/notification-handlers/:id', async (request, reply) => {
    const form = await readForm(request);
    const existing = store.handlers.get(request.sandboxAccountId, readId(request.params.id, NOT_FOUND));
    if (!existing) throw new ApiError(404, NOT_FOUND);
    const raw = splitForm(form, { scalars: [...CREATE_FIELDS, 'is_enabled'] });
    checkUrls(raw.scalars);
    const issues: Issue[] = [];
    const candidate: Record<string, unknown> = {};
    const clears = new Set<string>();
    for (const [name, value] of raw.scalars) {
      if (name === 'is_enabled') candidate.is_enabled = toFlag(name, value, 'update', issues);
      else if ((HANDLER_FIELD_NAMES as string[]).includes(name) && value.trim() === '') clears.add(name);
      else candidate[name] = value;
    }
    if (issues.length > 0) throw validationError(issues);
    const parsed = HandlerUpdateSchema.safeParse(candidate);
    if (!parsed.success) throw fromZod(parsed.error);
    const input = parsed.data as Record<string, unknown> & { type?: HandlerType; name?: string; is_enabled?: boolean };
    const type = input.type ?? existing.type;
    // The contract checks fields against a type sent with them; the service checks against the
    // type the handler will have.
    for (const field of HANDLER_FIELD_NAMES) {
      if ((input[field] !== undefined || clears.has(field)) && HANDLER_TYPE_FIELDS[field] !== type) {
        issues.push({ path: [field], message: `is only used by ${HANDLER_TYPE_FIELDS[field]} handlers` });
      }
    }
    if (issues.length > 0) throw validationError(issues);
    const handler: HandlerRecord = {
      ...existing,
      type,
      name: input.name ?? existing.name,
      settings: settingsFor(type, type === existing.type ? existing.settings : {}, input as Record<string, string | undefined>, clears),
      is_enabled: input.is_enabled ?? existing.is_enabled,
      last_datetime: formatServiceDatetime(deps.now()),
    };
    store.handlers.update(handler);
    return updated(reply, existing.id);
  });

  api.delete<{ Params: { id: string } }>('/notification-handlers/:id', async (request, reply) => {
    const id = readId(request.params.id, NOT_FOUND);
    if (!store.handlers.delete(request.sandboxAccountId, id)) throw new ApiError(404, NOT_FOUND);
    return deleted(reply);
  });
}

function settingsFor(
  type: HandlerType,
  base: Record<string, string>,
  input: Record<string, string | undefined>,
  clears: ReadonlySet<string>,
): Record<string, string> {
  const settings = { ...base };
  for (const field of HANDLER_FIELD_NAMES) {
    if (HANDLER_TYPE_FIELDS[field] !== type) continue;
    const value = input[field];
    if (typeof value === 'string') settings[field] = value;
    if (clears.has(field)) delete settings[field];
  }
  // The document: for type email, settings holds `email` (string).
  if (type === 'email' && settings.email === undefined) settings.email = '';
  return settings;
}

function checkUrls(scalars: ReadonlyMap<string, string>): void {
  const issues: Issue[] = [];
  for (const field of HANDLER_URL_FIELDS) {
    const value = scalars.get(field);
    const problem = value ? unsafeUrlProblem(value) : null;
    if (problem) issues.push({ path: [field], message: problem });
  }
  if (issues.length > 0) throw validationError(issues);
}
