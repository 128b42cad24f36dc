// The handler editor's fields: name, type, and the fields the chosen type takes
// (HANDLER_TYPE_FIELDS), turned into a create or update input checked with the contract's schemas.
import {
  HANDLER_FIELD_NAMES,
  HANDLER_TYPE_FIELDS,
  HandlerCreateSchema,
  HandlerUpdateSchema,
  type HandlerType,
  type HandlerTypeField,
} from '../../../src-preload/contract/index.ts';
import type { Fields } from '../../sync/index.ts';
import { checkInput, type FieldErrors } from '../../resource-screens/form-errors.ts';

export const HANDLER_TYPE_LABELS: Record<HandlerType, string> = {
  email: 'E-mail',
  webhook: 'Webhook',
  slack: 'Slack',
  discord: 'Discord',
  telegram: 'Telegram',
  microsoft_teams: 'Microsoft Teams',
  whatsapp: 'WhatsApp',
  google_chat: 'Google Chat',
  internal_notification: 'Internal notification',
};

/** A type Linkdock creates and edits (the document's list); a release may have others. */
export function isKnownHandlerType(type: string): type is HandlerType {
  return Object.hasOwn(HANDLER_TYPE_LABELS, type);
}

/** The type's own fields; none for a type Linkdock does not know (its settings stay the service's). */
export function fieldsOfType(type: string): HandlerTypeField[] {
  return HANDLER_FIELD_NAMES.filter((field) => HANDLER_TYPE_FIELDS[field] === type);
}

export interface HandlerFormValues {
  name: string;
  /** A HandlerType, or the service's name for a type Linkdock does not know. */
  type: string;
  fields: Record<HandlerTypeField, string>;
}

const emptyFields = () => Object.fromEntries(HANDLER_FIELD_NAMES.map((field) => [field, ''])) as Record<HandlerTypeField, string>;

export const emptyHandler = (): HandlerFormValues => ({ name: '', type: 'email', fields: emptyFields() });

export function handlerFormFromView(view: Fields): HandlerFormValues {
  const fields = emptyFields();
  for (const field of HANDLER_FIELD_NAMES) if (typeof view[field] === 'string') fields[field] = view[field];
  return { name: typeof view.name === 'string' ? view.name : '', type: typeof view.type === 'string' && view.type !== '' ? view.type : 'email', fields };
}

/**
 * New handler: name, type and the type's filled fields. Existing handler: what changed; when the
 * type changes, the new type's filled fields go with it. Fields of other types are never sent.
 */
export function buildHandlerInput(values: HandlerFormValues, original: HandlerFormValues | null): { input: Fields | null; errors: FieldErrors } {
  const typeFields = fieldsOfType(values.type);
  if (original === null) {
    const input: Fields = { name: values.name, type: values.type };
    for (const field of typeFields) if (values.fields[field].trim() !== '') input[field] = values.fields[field];
    return checkInput(HandlerCreateSchema, input);
  }
  const input: Fields = {};
  if (values.name !== original.name) input.name = values.name;
  const typeChanged = values.type !== original.type;
  if (typeChanged) input.type = values.type;
  for (const field of typeFields) {
    const value = values.fields[field];
    if (typeChanged ? value.trim() !== '' : value !== original.fields[field]) input[field] = value;
  }
  return checkInput(HandlerUpdateSchema, input);
}

/** The type's main value (address, URL, number) for the list. */
export function handlerTarget(view: Fields): string {
  const type = typeof view.type === 'string' ? view.type : '';
  if (!type) return '';
  const values = fieldsOfType(type)
    .map((field) => view[field])
    .filter((value): value is string => typeof value === 'string' && value !== '');
  // A bot token is a secret: the list names the chat only.
  if (type === 'telegram') return typeof view.telegram_chat_id === 'string' && view.telegram_chat_id !== '' ? `chat ${view.telegram_chat_id}` : '';
  return values[0] ?? '';
}
