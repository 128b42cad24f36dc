// What a served click stores for GET /api/statistics, taken from the request at the time of the
// click: who (a visitor hash), where from (Referer, the short URL's UTM parameters) and the
// visitor facts serving already read (device, OS, browser, language, location headers).
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ClickEvent } from '../storage/clicks.ts';
import type { VisitorFacts } from './targeting.ts';

/** Longest text kept per dimension: a Referer or a header can be kilobytes long. */
const MAX_TEXT = 256;

export type ClickFacts = Omit<ClickEvent, 'link_id' | 'datetime'>;

const clip = (value: string | null | undefined): string | null => {
  const text = value?.trim();
  return text ? text.slice(0, MAX_TEXT) : null;
};

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The same address and browser is the same visitor. Real deployments mark unique visits with a
 * cookie; the sandbox sets none (its redirects are cookie-free), so it hashes what it has. Only the
 * hash is stored, never the address.
 */
export function visitorHash(address: string, userAgent: string | undefined): string {
  return createHash('sha256')
    .update(`linkdock-visitor\0${address}\0${userAgent ?? ''}`)
    .digest('hex')
    .slice(0, 32);
}

/**
 * Host and path of an http(s) Referer. A Referer on the link's own host is the sandbox's own page
 * (the password or consent form posting back), not where the visitor came from: none.
 */
export function referrerOf(referer: string | undefined, ownHost: string): { host: string | null; path: string | null } {
  if (!referer || !URL.canParse(referer)) return { host: null, path: null };
  const url = new URL(referer);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return { host: null, path: null };
  const host = url.hostname.toLowerCase();
  if (host === ownHost.toLowerCase()) return { host: null, path: null };
  return { host: clip(host), path: clip(url.pathname) };
}

/** `utm_source`, `utm_medium`, `utm_campaign` of the clicked short URL's query (what the visitor's link carried). */
export function utmOf(query: string): Pick<ClickFacts, 'utm_source' | 'utm_medium' | 'utm_campaign'> {
  const params = new URLSearchParams(query);
  return { utm_source: clip(params.get('utm_source')), utm_medium: clip(params.get('utm_medium')), utm_campaign: clip(params.get('utm_campaign')) };
}

export function clickFacts(request: FastifyRequest, visitor: VisitorFacts, query: string): ClickFacts {
  const referrer = referrerOf(header(request, 'referer'), typeof request.hostname === 'string' ? request.hostname : '');
  // The language as real deployments store it: the primary subtag of the most preferred one (`de` for `de-AT`).
  const language = visitor.languages[0]?.split('-')[0]?.toLowerCase();
  return {
    visitor_hash: visitorHash(request.ip, header(request, 'user-agent')),
    continent_code: clip(visitor.continentCode),
    country_code: clip(visitor.countryCode),
    city_name: clip(visitor.cityName),
    device_type: clip(visitor.deviceType),
    browser_name: clip(visitor.browserName),
    os_name: clip(visitor.osName),
    browser_language: clip(language),
    referrer_host: referrer.host,
    referrer_path: referrer.path,
    ...utmOf(query),
  };
}
