// The short URL of a link: the pure rule lives with the contract (the renderer builds the same
// URLs); main adds a throwing variant for callers that must not go on without one.
import { tryBuildShortUrl, type ShortUrlArgs } from '../../src-preload/contract/short-url.ts';
import { serviceError } from './errors.ts';

export { siteUrl, tryBuildShortUrl, type ShortUrlArgs } from '../../src-preload/contract/short-url.ts';

/** As tryBuildShortUrl, but throws a `not-found` CallError instead of returning null. */
export function buildShortUrl(args: ShortUrlArgs): string {
  const built = tryBuildShortUrl(args);
  if (built === null) {
    throw serviceError(
      'not-found',
      args.link.domain_id === 0
        ? 'The workspace address is not a valid URL, so the short URL cannot be built.'
        : `Domain ${args.link.domain_id} is not in this workspace's domain list, so the short URL cannot be built.`,
    );
  }
  return built;
}
