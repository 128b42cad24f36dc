// The /api plugin: bearer-key authentication, the optional rate limit, the resource routes, the
// account and statistics calls of real deployments, and JSON 404s for anything else under /api.
import type { FastifyInstance } from 'fastify';
import { hashKey } from '../storage/accounts.ts';
import type { SandboxDeps } from './deps.ts';
import { registerDomainRoutes } from './domains-routes.ts';
import { ApiError } from './errors.ts';
import { registerHandlerRoutes } from './handlers-routes.ts';
import { registerLinkRoutes } from './links-routes.ts';
import { createRateLimiter } from './rate-limit.ts';
import { registerStatisticsRoutes } from './statistics-routes.ts';
import { registerUserRoutes } from './user-routes.ts';

export function apiPlugin(deps: SandboxDeps) {
  return async function api(app: FastifyInstance): Promise<void> {
    const limiter = deps.rateLimit ? createRateLimiter(deps.rateLimit, deps.now) : null;

    app.addHook('onRequest', async (request, reply) => {
      const header = request.headers.authorization;
      const match = typeof header === 'string' ? /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header) : null;
      const accountId = match ? deps.accounts.get(hashKey(match[1] as string)) : undefined;
      if (accountId === undefined) {
        throw new ApiError(401, header ? 'Invalid API key' : 'Missing API key: send the header Authorization: Bearer <API key>');
      }
      request.sandboxAccountId = accountId;
      // Every answer of the API includes the clicks served before it.
      deps.clicks.flush();
      if (!limiter) return;
      const decision = limiter.hit(accountId);
      reply.header('X-RateLimit-Limit', String(decision.limit));
      reply.header('X-RateLimit-Remaining', String(decision.remaining));
      if (!decision.allowed) {
        throw new ApiError(429, 'Too many requests: wait for the rate-limit window to reset', {
          'X-RateLimit-Reset': String(decision.resetSeconds),
        });
      }
    });

    app.setNotFoundHandler(async (request) => {
      throw new ApiError(404, `No endpoint ${request.method} ${request.url.split('?')[0]}`);
    });

    // `/api` itself names no endpoint; answer in JSON like the rest of /api.
    app.all('/', async (request) => {
      throw new ApiError(404, `No endpoint ${request.method} ${request.url.split('?')[0]}`);
    });

    registerLinkRoutes(app, deps);
    registerDomainRoutes(app, deps);
    registerHandlerRoutes(app, deps);
    registerUserRoutes(app, deps);
    registerStatisticsRoutes(app, deps);
  };
}
