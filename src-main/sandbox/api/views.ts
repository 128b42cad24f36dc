// Read representations, exactly the fields service-api.md lists.
import type { DomainRecord } from '../storage/domains.ts';
import type { HandlerRecord } from '../storage/handlers.ts';
import type { LinkRecord } from '../storage/links.ts';

export function linkView(link: LinkRecord) {
  return {
    id: link.id,
    project_id: link.project_id,
    domain_id: link.domain_id,
    type: link.type,
    url: link.url,
    location_url: link.location_url,
    // Like real deployments, the password shows as its hash (or null), never in clear.
    settings: { password: link.password_hash, sensitive_content: link.sensitive_content },
    clicks: link.clicks,
    order: link.order,
    start_date: link.start_date,
    end_date: link.end_date,
    datetime: link.datetime,
  };
}

export function domainView(domain: DomainRecord) {
  return {
    id: domain.id,
    scheme: domain.scheme,
    host: domain.host,
    custom_index_url: domain.custom_index_url,
    is_enabled: domain.is_enabled,
    last_datetime: domain.last_datetime,
    datetime: domain.datetime,
  };
}

export function handlerView(handler: HandlerRecord) {
  return {
    id: handler.id,
    type: handler.type,
    name: handler.name,
    settings: handler.settings,
    is_enabled: handler.is_enabled,
    last_datetime: handler.last_datetime,
    datetime: handler.datetime,
  };
}
