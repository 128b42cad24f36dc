// The link editor's field groups, each bound to the editor's form (react-hook-form): basics,
// schedule, protection, limits, redirect, cloaking and UTM parameters.
import type { ReactNode } from 'react';
import { Controller, useWatch, type FieldPath } from 'react-hook-form';
import { aliasLookalikeWarning } from '../../../src-preload/contract/alias.ts';
import { HTTP_STATUS_CODES } from '../../../src-preload/contract/index.ts';
import { FormTextField } from '../../resource-screens/FormTextField.tsx';
import type { ContractForm } from '../../resource-screens/use-contract-form.ts';
import type { Fields } from '../../sync/index.ts';
import { Checkbox, DateTimePicker, SelectField, Switch, type SelectOption } from '../../ui/index.ts';
import { FileField } from './FileField.tsx';
import { STATUS_LABELS } from './link-labels.ts';
import type { DomainKey } from './link-index.ts';
import { SERVICE_DATETIME } from '../../../src-preload/contract/index.ts';
import { wallClockText } from '../../../src-preload/contract/wall-clock.ts';
import { useNow } from '../../ui/use-now.ts';
import type { LinkForm } from './link-form.ts';

export type LinkEditorForm = ContractForm<LinkForm, Fields>;

/** "Not chosen" in a select (a select's value cannot be empty). */
export const NONE = 'none';

type BooleanField = { [K in keyof LinkForm]: LinkForm[K] extends boolean ? K : never }[keyof LinkForm];

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="form-section">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

/** A checkbox or switch bound to a yes/no field of the form. */
export function Toggle(props: {
  form: LinkEditorForm;
  name: BooleanField;
  label: string;
  kind?: 'checkbox' | 'switch';
  isDisabled?: boolean;
  /** Fields whose messages depend on this one. */
  deps?: FieldPath<LinkForm>[];
}) {
  return (
    <Controller
      control={props.form.form.control}
      name={props.name}
      rules={props.deps ? { deps: props.deps } : {}}
      render={({ field }) =>
        props.kind === 'switch' ? (
          <Switch label={props.label} isSelected={field.value} onChange={field.onChange} />
        ) : (
          <Checkbox label={props.label} isSelected={field.value} onChange={field.onChange} isDisabled={props.isDisabled ?? false} />
        )
      }
    />
  );
}

export function BasicsSection({ form, isNew, domainOptions }: { form: LinkEditorForm; isNew: boolean; domainOptions: SelectOption<DomainKey>[] }) {
  const { control } = form.form;
  const alias = useWatch({ control, name: 'url' });
  return (
    <Section title="Basics">
      <FormTextField form={form} name="location_url" label="Destination URL" type="url" placeholder="https://example.com/page" autoFocus />
      <div className="form-row">
        <FormTextField
          form={form}
          name="url"
          label="Alias"
          placeholder={isNew ? 'Generated when empty' : ''}
          description={aliasLookalikeWarning(alias) ?? (isNew ? 'Leave empty for a random alias.' : undefined)}
        />
        <Controller
          control={control}
          name="domain"
          render={({ field }) => (
            <SelectField label="Domain" value={field.value} options={domainOptions} onChange={field.onChange} error={form.errorFor('domain')} />
          )}
        />
      </div>
      {!isNew && (
        <Controller
          control={control}
          name="is_enabled"
          render={({ field }) => (
            <Switch
              label="Enabled"
              isSelected={field.value === true}
              onChange={field.onChange}
              description={field.value === null ? 'This service does not say whether the link is enabled; switching sets it.' : undefined}
            />
          )}
        />
      )}
      <FormTextField form={form} name="project_id" label="Project ID" placeholder="none" />
    </Section>
  );
}

/** One end of the schedule: typed as the service writes it, or picked from a calendar. */
function ScheduleDate(props: { form: LinkEditorForm; name: 'start_date' | 'end_date'; label: string; timeZone: string; now: number }) {
  const { form, name, label } = props;
  const value = useWatch({ control: form.form.control, name });
  return (
    <FormTextField
      form={form}
      name={name}
      label={label}
      placeholder="YYYY-MM-DD HH:MM:SS"
      description={`Time zone ${props.timeZone} (the account's)`}
      {...(name === 'start_date' ? { deps: ['end_date' as const] } : {})}
      trailing={
        <DateTimePicker
          label={label}
          value={value}
          fallback={`${wallClockText(props.now, props.timeZone).slice(0, 10)} ${name === 'start_date' ? '00:00:00' : '23:59:59'}`}
          timeZone={props.timeZone}
          onPick={(text) => {
            form.form.setValue(name, text, { shouldDirty: true });
            // As typing would: the field and those that depend on it are checked again.
            void form.form.trigger(name === 'start_date' ? ['start_date', 'end_date'] : name);
          }}
        />
      }
    />
  );
}

export function ScheduleSection({ form, timeZone }: { form: LinkEditorForm; timeZone: string }) {
  const [schedule, end] = useWatch({ control: form.form.control, name: ['schedule', 'end_date'] });
  // Not an error (a user may mean it), but a schedule that is over means a link that no longer redirects.
  const now = useNow(60_000);
  const ended = schedule && SERVICE_DATETIME.test(end) && end <= wallClockText(now, timeZone);
  return (
    <Section title="Schedule">
      {/* The dates are checked against each other, and go only with the schedule on. */}
      <Toggle form={form} name="schedule" label="Schedule" kind="switch" deps={['start_date', 'end_date']} />
      {schedule && (
        <div className="form-row">
          <ScheduleDate form={form} name="start_date" label="Start" timeZone={timeZone} now={now} />
          <ScheduleDate form={form} name="end_date" label="End" timeZone={timeZone} now={now} />
        </div>
      )}
      {ended && (
        <p className="field-warning" role="status">
          This schedule has already ended ({end}): the link will not redirect until End is changed.
        </p>
      )}
    </Section>
  );
}

/** `hadPassword`: the link was password protected when the editor opened. */
export function ProtectionSection({ form, hadPassword }: { form: LinkEditorForm; hadPassword: boolean }) {
  const protectedNow = useWatch({ control: form.form.control, name: 'has_password' });
  return (
    <Section title="Protection">
      {hadPassword && <Toggle form={form} name="has_password" label="Password protected" />}
      {hadPassword ? (
        protectedNow && (
          <FormTextField
            form={form}
            name="password"
            label="New password"
            type="password"
            description="Leave empty to keep the current password. Linkdock never sees it."
          />
        )
      ) : (
        <FormTextField form={form} name="password" label="Password" type="password" description="Visitors must enter it before they are redirected." />
      )}
      <Toggle form={form} name="sensitive_content" label="Sensitive content warning" />
    </Section>
  );
}

export function LimitsSection({ form }: { form: LinkEditorForm }) {
  return (
    <Section title="Limits and expiry">
      <div className="form-row">
        <FormTextField form={form} name="clicks_limit" label="Clicks limit" placeholder="no limit" />
        <FormTextField form={form} name="expiration_url" label="Expiration URL" type="url" description="Where visitors go once the link has expired." />
      </div>
    </Section>
  );
}

const STATUS_OPTIONS = [{ value: NONE, label: 'Service default' }, ...HTTP_STATUS_CODES.map((code) => ({ value: String(code), label: STATUS_LABELS[code] }))];

export function RedirectSection({ form }: { form: LinkEditorForm }) {
  return (
    <Section title="Redirect">
      <Controller
        control={form.form.control}
        name="http_status_code"
        render={({ field }) => (
          <SelectField
            label="Redirect status code"
            value={field.value || NONE}
            options={STATUS_OPTIONS}
            onChange={(value) => field.onChange(value === NONE ? '' : value)}
            error={form.errorFor('http_status_code')}
          />
        )}
      />
      <Toggle form={form} name="forward_query_parameters_is_enabled" label="Forward query parameters" />
      <Toggle form={form} name="app_linking_is_enabled" label="App linking" />
    </Section>
  );
}

export function CloakingSection({ form }: { form: LinkEditorForm }) {
  const image = (name: 'cloaking_favicon' | 'cloaking_opengraph', label: string) => (
    <Controller
      control={form.form.control}
      name={name}
      render={({ field }) => <FileField label={label} value={field.value} onChange={field.onChange} error={form.errorFor(name)} />}
    />
  );
  return (
    <Section title="Cloaking">
      <Toggle form={form} name="cloaking_is_enabled" label="Cloaking" kind="switch" />
      <FormTextField form={form} name="cloaking_title" label="Cloaking title" />
      <FormTextField form={form} name="cloaking_meta_description" label="Cloaking description" multiline />
      <FormTextField form={form} name="cloaking_custom_js" label="Custom JavaScript" multiline />
      <div className="form-row">
        {image('cloaking_favicon', 'Favicon')}
        {image('cloaking_opengraph', 'OpenGraph image')}
      </div>
    </Section>
  );
}

export function UtmSection({ form }: { form: LinkEditorForm }) {
  return (
    <Section title="UTM parameters">
      <div className="form-row">
        <FormTextField form={form} name="utm_source" label="UTM source" />
        <FormTextField form={form} name="utm_medium" label="UTM medium" />
        <FormTextField form={form} name="utm_campaign" label="UTM campaign" />
      </div>
    </Section>
  );
}
