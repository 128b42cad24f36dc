// Facts about the visitor from the request. There is no GeoIP in the sandbox: continent, country
// and city come from the CF-IPContinent / CF-IPCountry / CF-IPCity headers (the names
// Cloudflare's visitor-location headers use), so tests and users can act as any location.
import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';
import { parseAcceptLanguage, type VisitorFacts } from './targeting.ts';

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text && text.trim() !== '' ? text.trim() : null;
}

export function visitorFacts(request: FastifyRequest, random: number = Math.random()): VisitorFacts {
  const agent = header(request, 'user-agent');
  let parsed: Bowser.Parser.ParsedResult | null = null;
  if (agent) {
    try {
      parsed = Bowser.parse(agent);
    } catch {
      parsed = null;
    }
  }
  return {
    deviceType: parsed?.platform.type ?? null,
    osName: parsed?.os.name ?? null,
    browserName: parsed?.browser.name ?? null,
    languages: parseAcceptLanguage(header(request, 'accept-language') ?? undefined),
    continentCode: header(request, 'cf-ipcontinent')?.toUpperCase() ?? null,
    countryCode: header(request, 'cf-ipcountry')?.toUpperCase() ?? null,
    cityName: header(request, 'cf-ipcity'),
    random,
  };
}
