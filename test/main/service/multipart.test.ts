import { Response as UndiciResponse, type FormData as UndiciFormData } from 'undici';
import { describe, expect, it } from 'vitest';
import { encodeDomainUpdate, encodeHandlerCreate, encodeHandlerUpdate, encodeLinkCreate, encodeLinkUpdate } from '../../../src-main/service/multipart.ts';

/** Serialises the body as it would go on the wire, then parses it with an independent parser. */
async function wire(form: UndiciFormData): Promise<{ form: FormData; text: string }> {
  const response = new UndiciResponse(form);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const contentType = response.headers.get('content-type') ?? '';
  expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
  const parsed = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  return { form: parsed, text: Buffer.from(bytes).toString('latin1') };
}

describe('link create encoding', () => {
  it('sends PHP-style arrays, indexed targeting, files, and presence flags only when true', async () => {
    const favicon = new Uint8Array([137, 80, 78, 71, 0, 255]);
    const { form } = await wire(
      encodeLinkCreate({
        location_url: 'https://example.com/a',
        url: 'spring',
        domain_id: 0,
        pixels_ids: [4, 5],
        email_reports: [7],
        schedule: true,
        start_date: '2025-01-01 00:00:00',
        end_date: '2025-02-01 00:00:00',
        sensitive_content: false,
        cloaking_is_enabled: false,
        app_linking_is_enabled: true,
        http_status_code: 302,
        targeting_type: 'country_code',
        targeting: { country_code: [{ key: 'US', value: 'https://us.example.com' }, { key: 'FR' }] },
        cloaking_favicon: { name: 'icon.png', type: 'image/png', data: favicon },
        utm_source: 'news',
      }),
    );
    expect(form.get('type')).toBe('link');
    expect(form.get('location_url')).toBe('https://example.com/a');
    expect(form.get('url')).toBe('spring');
    expect(form.get('domain_id')).toBe('0');
    expect(form.getAll('pixels_ids[]')).toEqual(['4', '5']);
    expect(form.getAll('email_reports[]')).toEqual(['7']);
    expect(form.get('http_status_code')).toBe('302');
    // presence flags: true ones present, false ones absent (a sent 0 would switch them on)
    expect(form.get('schedule')).toBe('1');
    expect(form.get('app_linking_is_enabled')).toBe('1');
    expect(form.has('sensitive_content')).toBe(false);
    expect(form.has('cloaking_is_enabled')).toBe(false);
    expect(form.has('is_bulk')).toBe(false);
    expect(form.get('targeting_type')).toBe('country_code');
    expect(form.get('targeting_country_code_key[0]')).toBe('US');
    expect(form.get('targeting_country_code_value[0]')).toBe('https://us.example.com');
    expect(form.get('targeting_country_code_key[1]')).toBe('FR');
    expect(form.get('targeting_country_code_value[1]')).toBe('');
    const file = form.get('cloaking_favicon');
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe('icon.png');
    expect((file as File).type).toBe('image/png');
    expect(new Uint8Array(await (file as File).arrayBuffer())).toEqual(favicon);
    expect(form.get('utm_source')).toBe('news');
  });

  it('sends is_bulk and location_urls in bulk mode and leaves empty arrays out', async () => {
    const { form } = await wire(encodeLinkCreate({ is_bulk: true, location_urls: 'https://a.example\nhttps://b.example', email_reports: [] }));
    expect(form.get('is_bulk')).toBe('1');
    // multipart normalises line breaks to CRLF, as browsers do for form fields
    expect(String(form.get('location_urls')).split(/\r?\n/)).toEqual(['https://a.example', 'https://b.example']);
    expect(form.has('email_reports[]')).toBe(false);
    expect(form.has('location_url')).toBe(false);
  });
});

describe('link update encoding', () => {
  it('sends flags as 0/1 and the current email_reports every time', async () => {
    const { form } = await wire(encodeLinkUpdate({ sensitive_content: false, cloaking_is_enabled: true, is_enabled: false, email_reports: [3, 9], url: '' }));
    expect(form.get('sensitive_content')).toBe('0');
    expect(form.get('cloaking_is_enabled')).toBe('1');
    expect(form.get('is_enabled')).toBe('0');
    expect(form.getAll('email_reports[]')).toEqual(['3', '9']);
    expect(form.get('url')).toBe(''); // an empty alias keeps the alias on update
    expect(form.has('location_url')).toBe(false);
  });

  it('sends targeting carried as read like any targeting, and not the flag that says so', async () => {
    const { form, text } = await wire(
      encodeLinkUpdate({
        is_enabled: false,
        email_reports: [],
        targeting_type: 'os_name',
        targeting: { os_name: [{ key: 'Android', value: 'market://details?id=com.example.app' }] },
        targeting_as_read: true,
      }),
    );
    expect(form.get('targeting_type')).toBe('os_name');
    expect(form.get('targeting_os_name_key[0]')).toBe('Android');
    expect(form.get('targeting_os_name_value[0]')).toBe('market://details?id=com.example.app');
    expect(text).not.toContain('targeting_as_read');
  });

  it('sends one empty email_reports[] part when the link has no reports', async () => {
    const { form, text } = await wire(encodeLinkUpdate({ location_url: 'https://example.com/', email_reports: [] }));
    expect(form.getAll('email_reports[]')).toEqual(['']);
    expect(text.match(/name="email_reports\[\]"/g)).toHaveLength(1);
  });

  it('clears pixels with one empty part when given an empty list, and omits them when not given', async () => {
    expect((await wire(encodeLinkUpdate({ pixels_ids: [], email_reports: [] }))).form.getAll('pixels_ids[]')).toEqual(['']);
    expect((await wire(encodeLinkUpdate({ email_reports: [] }))).form.has('pixels_ids[]')).toBe(false);
    // Leaving the reports out would clear them on the service: refused, never sent as none.
    expect(() => encodeLinkUpdate({ is_enabled: false } as unknown as Parameters<typeof encodeLinkUpdate>[0])).toThrow(/email_reports/);
  });
});

describe('domain and handler encoding', () => {
  it('encodes handler fields and is_enabled on update', async () => {
    const created = (await wire(encodeHandlerCreate({ name: 'Ops', type: 'telegram', telegram: 'tok', telegram_chat_id: '42' }))).form;
    expect([...created.keys()].sort()).toEqual(['name', 'telegram', 'telegram_chat_id', 'type']);
    expect(created.get('telegram_chat_id')).toBe('42');
    const updated = (await wire(encodeHandlerUpdate({ is_enabled: false, name: 'Ops 2' }))).form;
    expect(updated.get('is_enabled')).toBe('0');
    expect(updated.get('name')).toBe('Ops 2');
  });

  it('sends an empty custom_index_url on domain update (clears it)', async () => {
    const { form } = await wire(encodeDomainUpdate({ custom_index_url: '', is_enabled: true }));
    expect(form.get('custom_index_url')).toBe('');
    expect(form.get('is_enabled')).toBe('1');
    expect(form.has('host')).toBe(false);
  });

  it('skips values of the wrong kind instead of throwing (inputs bypassing the schema)', async () => {
    const sloppy = {
      location_url: 'https://example.com/',
      pixels_ids: 'not-an-array',
      cloaking_favicon: 'nope',
      clicks_limit: Number.NaN,
      email_reports: [],
    } as never;
    const { form } = await wire(encodeLinkUpdate(sloppy));
    expect(form.has('pixels_ids[]')).toBe(false);
    expect(form.has('cloaking_favicon')).toBe(false);
    expect(form.has('clicks_limit')).toBe(false);
    expect(form.get('location_url')).toBe('https://example.com/');
  });
});
