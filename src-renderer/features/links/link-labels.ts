// Plain names for the service's codes, as the editor and the detail show them.
import type { RedirectStatusCode, TargetingKind } from '../../../src-preload/contract/index.ts';

export const STATUS_LABELS: Record<RedirectStatusCode, string> = {
  301: '301 – permanent',
  302: '302 – temporary',
  307: '307 – temporary, keeps the method',
  308: '308 – permanent, keeps the method',
};

export const TARGETING_LABELS: Record<TargetingKind, string> = {
  continent_code: 'Continent',
  country_code: 'Country',
  city_name: 'City',
  device_type: 'Device type',
  browser_language: 'Browser language',
  rotation: 'Rotation (weighted)',
  os_name: 'Operating system',
  browser_name: 'Browser',
};
