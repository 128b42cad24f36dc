// Read representations. A link reads as real deployments return it (real-service-notes.md): the
// document's fields plus everything a real release carries, in its types (0/1 flags, project_id 0
// for none, the whole settings object), so a sandbox workspace takes the same path as a real one.
// Domains and handlers show exactly the fields service-api.md lists.
import { DEFAULT_REDIRECT_STATUS } from '../serve/resolve.ts';
import type { DomainRecord } from '../storage/domains.ts';
import type { HandlerRecord } from '../storage/handlers.ts';
import type { LinkRecord } from '../storage/links.ts';
import type { UploadNames } from '../storage/uploads.ts';

const bit = (value: boolean): 0 | 1 => (value ? 1 : 0);
// App deep linking is not emulated: every link reads the object real releases store, empty (one
// shared object, not a thousand per list page).
const NO_APP_LINKING = Object.freeze({ ios_location_url: null, android_location_url: null, app: null });

/** `uploads`: the stored file names of the link's cloaking images (null where none). */
export function linkView(link: LinkRecord, uploads: UploadNames) {
  const options = link.options;
  const kind = options.targeting_type;
  return {
    id: link.id,
    user_id: link.account_id,
    project_id: link.project_id ?? 0,
    domain_id: link.domain_id,
    pixels_ids: options.pixels_ids,
    email_reports: link.email_reports,
    type: link.type,
    url: link.url,
    location_url: link.location_url,
    settings: {
      // Like real deployments, the password shows as its hash (or null), never in clear.
      password: link.password_hash,
      // The document says boolean; real releases send 0/1 here (the client reads both).
      sensitive_content: link.sensitive_content,
      schedule: bit(options.schedule),
      clicks_limit: options.clicks_limit,
      expiration_url: options.expiration_url,
      http_status_code: options.http_status_code ?? DEFAULT_REDIRECT_STATUS,
      utm: { source: options.utm_source, medium: options.utm_medium, campaign: options.utm_campaign },
      targeting_type: kind,
      ...(kind ? { [`targeting_${kind}`]: options.targeting[kind] ?? [] } : {}),
      cloaking_is_enabled: bit(options.cloaking_is_enabled),
      cloaking_title: options.cloaking_title,
      cloaking_meta_description: options.cloaking_meta_description,
      cloaking_custom_js: options.cloaking_custom_js,
      cloaking_favicon: uploads.favicon,
      cloaking_opengraph: uploads.opengraph,
      app_linking_is_enabled: bit(options.app_linking_is_enabled),
      app_linking: NO_APP_LINKING,
      forward_query_parameters_is_enabled: bit(options.forward_query_parameters_is_enabled),
      // A key real releases add that Linkdock does not know: the client must keep it verbatim.
      is_se_visible: 1,
    },
    clicks: link.clicks,
    order: link.order,
    start_date: link.start_date,
    end_date: link.end_date,
    is_verified: 1,
    is_enabled: bit(link.is_enabled),
    last_datetime: link.last_datetime,
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
