// /api/links: list, read, create (single and bulk), update, delete.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { randomAlias, RESERVED_ALIASES } from '../aliases.ts';
import type { LinkRecord } from '../storage/links.ts';
import type { Store } from '../storage/store.ts';
import { NO_UPLOADS, type UploadKind } from '../storage/uploads.ts';
import { formatServiceDatetime } from '../time.ts';
import type { SandboxDeps } from './deps.ts';
import { ApiError, validationError } from './errors.ts';
import { readForm } from './form.ts';
import type { Issue } from './form-values.ts';
import { applyLinkDraft, blankLink, draftPasswordHash, scheduleProblem } from './link-apply.ts';
import { parseLinkCreate, parseLinkUpdate, type FileChange } from './link-input.ts';
import { envelope, readId, readPageQuery } from './pagination.ts';
import { asciiAsBytes, created, deleted, updated } from './responses.ts';
import { linkView } from './views.ts';

const NOT_FOUND = 'Link not found';

export function registerLinkRoutes(api: FastifyInstance, deps: SandboxDeps): void {
  const { store } = deps;

  api.get('/links', { onSend: asciiAsBytes }, async (request) => {
    const page = readPageQuery(request.query);
    const { rows, total } = store.links.list(request.sandboxAccountId, page);
    // One query for the whole page's image names, not one per link.
    const uploads = store.uploads.namesForLinks(rows.map((link) => link.id));
    return envelope(
      deps.baseUrl(),
      'links',
      page,
      rows.map((link) => linkView(link, uploads.get(link.id) ?? NO_UPLOADS)),
      total,
    );
  });

  api.get<{ Params: { id: string } }>('/links/:id', async (request) => {
    const link = store.links.get(request.sandboxAccountId, readId(request.params.id, NOT_FOUND));
    if (!link) throw new ApiError(404, NOT_FOUND);
    return { data: linkView(link, store.uploads.namesForLinks([link.id]).get(link.id) ?? NO_UPLOADS) };
  });

  api.post('/links', async (request, reply) => {
    const draft = parseLinkCreate(await readForm(request));
    const accountId = request.sandboxAccountId;
    const now = formatServiceDatetime(deps.now());
    const template = applyLinkDraft(blankLink(accountId, now), draft, await draftPasswordHash(draft, deps.passwordHashCost));
    const ids = store.transaction(() => {
      checkReferences(store, template);
      if (draft.bulkUrls) {
        return draft.bulkUrls.map((location) =>
          insertLink(store, { ...template, location_url: location, url: freeAlias(store, template.domain_id) }, draft, now),
        );
      }
      const link = { ...template, url: template.url || freeAlias(store, template.domain_id) };
      checkAlias(store, link, null);
      return [insertLink(store, link, draft, now)];
    });
    return draft.bulkUrls ? created(reply, { ids }) : created(reply, { id: ids[0] as number });
  });

  api.post<{ Params: { id: string } }>('/links/:id', async (request, reply) => {
    const form = await readForm(request);
    const accountId = request.sandboxAccountId;
    const id = readId(request.params.id, NOT_FOUND);
    if (!store.links.get(accountId, id)) throw new ApiError(404, NOT_FOUND);
    const draft = parseLinkUpdate(form);
    const passwordHash = await draftPasswordHash(draft, deps.passwordHashCost);
    // Read again after hashing: another update may have landed meanwhile.
    const existing = store.links.get(accountId, id);
    if (!existing) throw new ApiError(404, NOT_FOUND);
    const now = formatServiceDatetime(deps.now());
    const link: LinkRecord = { ...applyLinkDraft(existing, draft, passwordHash), last_datetime: now };
    store.transaction(() => {
      checkReferences(store, link);
      checkAlias(store, link, existing.id);
      store.links.update(link);
      storeFile(store, link.id, 'favicon', draft.favicon, now);
      storeFile(store, link.id, 'opengraph', draft.opengraph, now);
    });
    return updated(reply, link.id);
  });

  api.delete<{ Params: { id: string } }>('/links/:id', async (request, reply) => {
    const id = readId(request.params.id, NOT_FOUND);
    if (!store.links.delete(request.sandboxAccountId, id)) throw new ApiError(404, NOT_FOUND);
    return deleted(reply);
  });
}

function insertLink(store: Store, link: Omit<LinkRecord, 'id'>, draft: { favicon?: FileChange; opengraph?: FileChange }, now: string): number {
  const id = store.links.insert(link);
  storeFile(store, id, 'favicon', draft.favicon, now);
  storeFile(store, id, 'opengraph', draft.opengraph, now);
  return id;
}

function storeFile(store: Store, linkId: number, kind: UploadKind, change: FileChange | undefined, now: string): void {
  if (change === undefined) return;
  if (change === 'clear') {
    store.uploads.remove(linkId, kind);
    return;
  }
  const token = `${randomBytes(12).toString('hex')}.${change.ext}`;
  store.uploads.put({ token, link_id: linkId, kind, mime: change.mime, bytes: change.bytes, datetime: now });
}

/** Ids the link refers to must be the account's own (or a global domain): its domain (0 = main) and its report handlers. */
function checkReferences(store: Store, link: Omit<LinkRecord, 'id'>): void {
  const issues: Issue[] = [];
  if (link.domain_id !== 0 && !store.domains.usable(link.account_id, link.domain_id)) {
    issues.push({ path: ['domain_id'], message: `no domain with id ${link.domain_id} in this account (0 is the main domain)` });
  }
  const known = store.handlers.existing(link.account_id, link.email_reports);
  for (const id of link.email_reports) {
    if (!known.has(id)) issues.push({ path: ['email_reports', 0], message: `no notification handler with id ${id} in this account` });
  }
  const schedule = scheduleProblem(link);
  if (schedule) issues.push({ path: ['end_date'], message: schedule });
  if (issues.length > 0) throw validationError(issues);
}

function checkAlias(store: Store, link: Omit<LinkRecord, 'id'>, selfId: number | null): void {
  if (store.links.aliasTaken(link.domain_id, link.url, selfId)) {
    throw validationError([{ path: ['url'], message: `the alias "${link.url}" is already used on this domain` }]);
  }
}

function freeAlias(store: Store, domainId: number): string {
  for (;;) {
    const alias = randomAlias();
    if (!(RESERVED_ALIASES as readonly string[]).includes(alias) && !store.links.aliasTaken(domainId, alias, null)) return alias;
  }
}
