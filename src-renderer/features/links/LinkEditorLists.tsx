// The link editor's lists, bound to the editor's form: targeting rules (a field array that goes
// with its targeting type) and the handlers that get the link's e-mail reports.
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { TARGETING_KINDS, type Handler } from '../../../src-preload/contract/index.ts';
import { FormTextField } from '../../resource-screens/FormTextField.tsx';
import { rowView, type MirrorRow } from '../../sync/index.ts';
import { Button, Checkbox, SelectField, TextField } from '../../ui/index.ts';
import { TARGETING_LABELS } from './link-labels.ts';
import type { LinkForm, TargetingRow } from './link-form.ts';
import { serverIdOfKey } from './link-index.ts';
import { NONE, Section, Toggle, type LinkEditorForm } from './LinkEditorSections.tsx';

const TARGETING_OPTIONS = [{ value: NONE, label: 'No targeting' }, ...TARGETING_KINDS.map((type) => ({ value: type, label: TARGETING_LABELS[type] }))];

/** `initial`: the type and rules the editor opened with, which come back when the user returns to that type. */
export function TargetingSection({ form, initial }: { form: LinkEditorForm; initial: Pick<LinkForm, 'targeting_type' | 'targeting'> }) {
  const { control } = form.form;
  const kind = useWatch({ control, name: 'targeting_type' });
  const rules = useFieldArray({ control, name: 'targeting' });
  const rule = (i: number, part: keyof TargetingRow, label: string) => (
    <Controller
      control={control}
      name={`targeting.${i}.${part}`}
      // The rules' messages are the list's.
      rules={{ deps: ['targeting'] }}
      render={({ field }) => <TextField label={label} value={field.value} onChange={field.onChange} />}
    />
  );
  const error = form.errorFor('targeting');
  return (
    <Section title="Targeting">
      <Controller
        control={control}
        name="targeting_type"
        rules={{ deps: ['targeting'] }}
        render={({ field }) => (
          <SelectField
            label="Targeting type"
            value={field.value || NONE}
            options={TARGETING_OPTIONS}
            onChange={(value) => {
              const next = (value === NONE ? '' : value) as LinkForm['targeting_type'];
              field.onChange(next);
              // Rules belong to their kind: another kind starts with none (back again, the saved ones).
              rules.replace(next === initial.targeting_type ? initial.targeting : []);
            }}
            error={form.errorFor('targeting_type')}
          />
        )}
      />
      {kind && (
        <div className="targeting-rows">
          <p className="field-description">
            Each rule: what to match ({TARGETING_LABELS[kind].toLowerCase()}
            {kind === 'rotation' ? ' weight' : ''}) and where matching visitors go.
          </p>
          {rules.fields.map((row, i) => (
            <div className="form-row targeting-row" key={row.id}>
              {rule(i, 'key', `Rule ${i + 1} match`)}
              {rule(i, 'value', `Rule ${i + 1} destination URL`)}
              <Button size="small" variant="ghost" aria-label={`Remove rule ${i + 1}`} onPress={() => rules.remove(i)}>
                Remove
              </Button>
            </div>
          ))}
          <div>
            <Button size="small" onPress={() => rules.append({ key: '', value: '' }, { shouldFocus: false })}>
              Add rule
            </Button>
          </div>
        </div>
      )}
      {error && <span className="field-error">{error}</span>}
    </Section>
  );
}

/**
 * The handlers that get the link's e-mail reports. `reportsUnknown`: the service does not show
 * them, so changing them replaces its choice, which the user confirms first.
 */
export function ReportsSection({ form, handlers, reportsUnknown }: { form: LinkEditorForm; handlers: MirrorRow<Handler>[]; reportsUnknown: boolean }) {
  const { control } = form.form;
  const confirmed = useWatch({ control, name: 'reports_confirmed' });
  const error = form.errorFor('email_reports');
  // Handlers the link names that the mirror does not hold: listed (ticked as the service has them)
  // so that saving keeps them, and a user who takes one off can tick it again.
  const opened = (form.form.formState.defaultValues?.email_reports ?? []).filter((key): key is string => typeof key === 'string');
  return (
    <Section title="Tracking and reports">
      <FormTextField form={form} name="pixels_ids" label="Pixel IDs" placeholder="e.g. 3, 7" description="Numbers, separated by commas." />
      <fieldset className="checkbox-group" aria-describedby="email-reports-note">
        <legend className="field-label">E-mail reports</legend>
        <Controller
          control={control}
          name="email_reports"
          render={({ field }) => {
            const chosen = field.value;
            const rows = handlers.filter((h) => !h.deletedLocally || chosen.includes(h.clientId));
            const unlisted = [...new Set([...opened, ...chosen])].filter((key) => serverIdOfKey(key) !== null);
            const toggle = (key: string, on: boolean) => field.onChange(on ? [...chosen, key] : chosen.filter((id) => id !== key));
            return (
              <>
                {rows.length === 0 && unlisted.length === 0 && <span className="muted">No notification handlers yet.</span>}
                {rows.map((handler) => {
                  const view = rowView('handlers', handler);
                  return (
                    <Checkbox
                      key={handler.clientId}
                      label={`${String(view.name ?? '')} (${String(view.type ?? '')})`}
                      isSelected={chosen.includes(handler.clientId)}
                      onChange={(on) => toggle(handler.clientId, on)}
                      isDisabled={reportsUnknown && !confirmed}
                    />
                  );
                })}
                {unlisted.map((key) => (
                  <Checkbox
                    key={key}
                    label={`Handler #${serverIdOfKey(key)} (not in the notification handlers synced here)`}
                    isSelected={chosen.includes(key)}
                    onChange={(on) => toggle(key, on)}
                    isDisabled={reportsUnknown && !confirmed}
                  />
                ))}
              </>
            );
          }}
        />
        {error && <span className="field-error">{error}</span>}
        {reportsUnknown && (
          <div id="email-reports-note" className="banner banner-warning banner-stacked">
            <span>
              This service does not show which handlers get this link's e-mail reports. To change them, tick the handlers and confirm: saving then replaces the
              service's choice.
            </span>
            {/* Confirming answers the question a refused save put beside the reports. */}
            <Toggle form={form} name="reports_confirmed" label="Replace the e-mail reports with the handlers ticked here" deps={['email_reports']} />
          </div>
        )}
      </fieldset>
    </Section>
  );
}
