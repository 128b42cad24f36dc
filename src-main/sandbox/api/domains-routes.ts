// /api/domains: custom domains. Hosts are unique across the sandbox; new domains are enabled.
import type { FastifyInstance } from 'fastify';
import { DomainCreateSchema, DomainUpdateSchema } from '../../../src-preload/contract/inputs.ts';
import { formatServiceDatetime } from '../time.ts';
import { unsafeUrlProblem } from '../urls.ts';
import type { SandboxDeps } from './deps.ts';
import { ApiError, fromZod, validationError } from './errors.ts';
import { readForm } from './form.ts';
import { splitForm, toFlag, type Issue } from './form-values.ts';
import { envelope, readId, readPageQuery } from './pagination.ts';
import { created, deleted, updated } from './responses.ts';
import { domainView } from './views.ts';

const NOT_FOUND = 'Domain not found';
const URL_FIELDS = ['host', 'custom_index_url', 'custom_not_found_url'];

export function registerDomainRoutes(api: FastifyInstance, deps: SandboxDeps): void {
  const { store } = deps;

  api.get('/domains', async (request) => {
    const page = readPageQuery(request.query);
    const { rows, total } = store.domains.list(request.sandboxAccountId, page);
    return envelope(deps.baseUrl(), 'domains', page, rows.map(domainView), total);
  });

  api.get<{ Params: { id: string } }>('/domains/:id', async (request) => {
    const domain = store.domains.get(request.sandboxAccountId, readId(request.params.id, NOT_FOUND));
    if (!domain) throw new ApiError(404, NOT_FOUND);
    return { data: domainView(domain) };
  });

  api.post('/domains', async (request, reply) => {
    const raw = splitForm(await readForm(request), { scalars: URL_FIELDS });
    checkUrls(raw.scalars);
    const parsed = DomainCreateSchema.safeParse(Object.fromEntries(raw.scalars));
    if (!parsed.success) throw fromZod(parsed.error);
    const input = parsed.data;
    const id = store.transaction(() => {
      checkHostFree(deps, input.host, null);
      return store.domains.insert({
        account_id: request.sandboxAccountId,
        scheme: 'https://',
        host: input.host,
        custom_index_url: input.custom_index_url ?? '',
        custom_not_found_url: input.custom_not_found_url ?? '',
        is_enabled: true,
        last_datetime: null,
        datetime: formatServiceDatetime(deps.now()),
      });
    });
    return created(reply, { id });
  });

  api.post<{ Params: { id: string } }>('/domains/:id', async (request, reply) => {
    // Read the body, then 404 for an id that is not the account's, then check the fields.
    const form = await readForm(request);
    const existing = store.domains.get(request.sandboxAccountId, readId(request.params.id, NOT_FOUND));
    if (!existing) throw new ApiError(404, NOT_FOUND);
    const raw = splitForm(form, { scalars: [...URL_FIELDS, 'is_enabled'] });
    checkUrls(raw.scalars);
    const issues: Issue[] = [];
    const candidate: Record<string, unknown> = Object.fromEntries(raw.scalars);
    if (raw.scalars.has('is_enabled')) candidate.is_enabled = toFlag('is_enabled', raw.scalars.get('is_enabled') ?? '', 'update', issues);
    if (issues.length > 0) throw validationError(issues);
    const parsed = DomainUpdateSchema.safeParse(candidate);
    if (!parsed.success) throw fromZod(parsed.error);
    const input = parsed.data;
    store.transaction(() => {
      if (input.host !== undefined) checkHostFree(deps, input.host, existing.id);
      store.domains.update({
        ...existing,
        host: input.host ?? existing.host,
        custom_index_url: input.custom_index_url ?? existing.custom_index_url,
        custom_not_found_url: input.custom_not_found_url ?? existing.custom_not_found_url,
        is_enabled: input.is_enabled ?? existing.is_enabled,
        last_datetime: formatServiceDatetime(deps.now()),
      });
    });
    return updated(reply, existing.id);
  });

  api.delete<{ Params: { id: string } }>('/domains/:id', async (request, reply) => {
    const id = readId(request.params.id, NOT_FOUND);
    const removed = store.transaction(() => store.domains.delete(request.sandboxAccountId, id));
    if (!removed) throw new ApiError(404, NOT_FOUND);
    return deleted(reply);
  });
}

function checkHostFree(deps: SandboxDeps, host: string, selfId: number | null): void {
  const owner = deps.store.domains.findByHost(host);
  if (owner && owner.id !== selfId) throw validationError([{ path: ['host'], message: `${host} is already in use` }]);
  const own = new URL(deps.baseUrl()).hostname;
  if (host === own) throw validationError([{ path: ['host'], message: `${host} is the service's own host` }]);
}

function checkUrls(scalars: ReadonlyMap<string, string>): void {
  const issues: Issue[] = [];
  for (const field of ['custom_index_url', 'custom_not_found_url']) {
    const value = scalars.get(field);
    const problem = value ? unsafeUrlProblem(value) : null;
    if (problem) issues.push({ path: [field], message: problem });
  }
  if (issues.length > 0) throw validationError(issues);
}
