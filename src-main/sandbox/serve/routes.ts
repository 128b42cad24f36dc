// Serving short links: GET /<alias> on the main host and on enabled custom domains (by Host),
// the password and sensitive-content forms (POST /<alias>), domain index / not-found pages and
// the uploaded cloaking images.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxDeps } from '../api/deps.ts';
import { readForm } from '../api/form.ts';
import type { DomainRecord } from '../storage/domains.ts';
import type { LinkRecord } from '../storage/links.ts';
import { formatServiceDatetime } from '../time.ts';
import { locationHeader } from '../urls.ts';
import { accessToken } from './access.ts';
import { clickFacts } from './click-facts.ts';
import { acceptPageFormsOnly } from './form-body.ts';
import { cloakPage, lockedPage, messagePage, passwordPage, sensitivePage } from './pages.ts';
import { createPasswordCheck } from './password-check.ts';
import { visitorFacts } from './request-facts.ts';
import { resolveLink, type RequestFacts } from './resolve.ts';
import { createServingCache } from './serving-cache.ts';

type Site = { kind: 'main' } | { kind: 'custom'; domain: DomainRecord } | { kind: 'disabled' };

const UNAVAILABLE_TEXT = {
  'not-started': 'This link is not active yet.',
  ended: 'This link is no longer active.',
  'limit-reached': 'This link has reached its click limit.',
} as const;

export function registerServeRoutes(app: FastifyInstance, deps: SandboxDeps): void {
  const { store } = deps;
  const cache = createServingCache(store);
  acceptPageFormsOnly(app);
  const checkPassword = createPasswordCheck(deps.pageSecret, deps.now);

  function siteOf(request: FastifyRequest): Site {
    // HTTP/1.0 requests may carry no Host at all: they are on the main domain.
    const host = typeof request.hostname === 'string' ? request.hostname.toLowerCase() : '';
    const domain = host === '' ? undefined : cache.domainByHost(host);
    if (!domain) return { kind: 'main' };
    return domain.is_enabled ? { kind: 'custom', domain } : { kind: 'disabled' };
  }

  function html(reply: FastifyReply, status: number, body: string): FastifyReply {
    return reply
      .code(status)
      .header('Cache-Control', 'no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Referrer-Policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(body);
  }

  function notFound(reply: FastifyReply, site: Site): FastifyReply {
    if (site.kind === 'custom' && site.domain.custom_not_found_url) {
      return reply.header('Cache-Control', 'no-store').redirect(locationHeader(site.domain.custom_not_found_url), 302);
    }
    return html(reply, 404, messagePage('Link not found', 'There is no link at this address.'));
  }

  app.get('/', async (request, reply) => {
    const site = siteOf(request);
    if (site.kind === 'disabled') return notFound(reply, site);
    if (site.kind === 'custom' && site.domain.custom_index_url)
      return reply.header('Cache-Control', 'no-store').redirect(locationHeader(site.domain.custom_index_url), 302);
    return html(reply, 200, messagePage('Linkdock sandbox', 'A local link-shortening service for testing Linkdock.'));
  });

  app.get<{ Params: { file: string } }>('/uploads/:file', async (request, reply) => {
    const upload = store.uploads.get(request.params.file);
    if (!upload) return html(reply, 404, messagePage('Not found', 'There is no file at this address.'));
    return reply
      .header('Content-Type', upload.mime)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'public, max-age=3600')
      .send(Buffer.from(upload.bytes));
  });

  async function serve(request: FastifyRequest<{ Params: { alias: string } }>, reply: FastifyReply): Promise<FastifyReply> {
    const site = siteOf(request);
    if (site.kind === 'disabled') return notFound(reply, site);
    const found = cache.linkByAlias(site.kind === 'custom' ? site.domain.id : 0, request.params.alias);
    if (!found) return notFound(reply, site);
    // Clicks still queued for writing count towards the link's click limit.
    const link = { ...found, clicks: found.clicks + deps.clicks.pending(found.id) };

    const method = request.method === 'POST' ? 'POST' : 'GET';
    const form = method === 'POST' ? await readForm(request) : null;
    const field = (name: string) => form?.fields.get(name)?.[0];
    const password = await checkPassword({ link, password: field('password'), access: field('access'), address: request.ip });
    if (typeof password === 'object') {
      const seconds = Math.ceil(password.lockedForMs / 1000);
      return html(reply.header('Retry-After', String(seconds)), 429, lockedPage(seconds));
    }
    const facts: RequestFacts = {
      now: deps.now(),
      timezone: deps.accountZone(link.account_id),
      method,
      query: request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '',
      password,
      sensitiveConfirmed: field('confirm') === '1',
      visitor: visitorFacts(request),
    };
    const outcome = resolveLink(link, facts);
    // Forms post back to the same alias, query included, so forwarded parameters survive. Built
    // from the alias, not the raw request target, so it can only ever point back to this service.
    const action = `/${encodeURIComponent(request.params.alias)}${facts.query === '' ? '' : `?${facts.query}`}`;

    switch (outcome.kind) {
      case 'not-found':
        return notFound(reply, site);
      case 'unavailable':
        return html(reply, 404, messagePage('Link not available', UNAVAILABLE_TEXT[outcome.reason]));
      case 'password':
        return html(reply, outcome.wrong ? 403 : 200, passwordPage(action, outcome.wrong));
      case 'sensitive': {
        const access = link.password_hash ? accessToken(deps.pageSecret, link.id, link.password_hash) : null;
        return html(reply, 200, sensitivePage(action, access));
      }
      case 'cloak':
        countClick(link, facts, request);
        return html(
          reply,
          200,
          cloakPage({
            ...outcome,
            faviconUrl: uploadUrl(link.id, 'favicon'),
            opengraphUrl: uploadUrl(link.id, 'opengraph'),
          }),
        );
      case 'redirect':
        if (outcome.countsClick) countClick(link, facts, request);
        return reply.header('Cache-Control', 'no-store').redirect(locationHeader(outcome.location), outcome.status);
    }
  }

  function uploadUrl(linkId: number, kind: 'favicon' | 'opengraph'): string | null {
    const upload = store.uploads.forLink(linkId, kind);
    return upload ? `${deps.baseUrl()}uploads/${upload.token}` : null;
  }

  function countClick(link: LinkRecord, facts: RequestFacts, request: FastifyRequest): void {
    // A HEAD (link checkers, previews) sees the answer but is no visit.
    if (request.method === 'HEAD') return;
    deps.clicks.record({ link_id: link.id, datetime: formatServiceDatetime(facts.now), ...clickFacts(request, facts.visitor, facts.query) });
  }

  app.get('/:alias', serve);
  app.post('/:alias', serve);
}
