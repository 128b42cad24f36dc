// Plain http to another machine (issue #14): the user sees in plain words that the key would travel
// in clear text and must tick the box before the form sends anything; main remembers the choice.
import { INSECURE_HTTP_WARNING, isInsecureHttp } from '../../../src-preload/contract/index.ts';
import { Checkbox } from '../../ui/index.ts';

export function InsecureHttpConsent({ baseUrl, confirmed, onChange }: { baseUrl: string; confirmed: boolean; onChange: (confirmed: boolean) => void }) {
  if (!isInsecureHttp(baseUrl)) return null;
  return (
    <div role="alert" className="banner banner-warning banner-stacked">
      <span>{INSECURE_HTTP_WARNING}</span>
      <Checkbox label="Send my API key over plain http anyway" isSelected={confirmed} onChange={onChange} />
    </div>
  );
}
