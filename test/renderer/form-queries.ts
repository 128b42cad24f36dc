// Queries on the kit's form controls, shared by the component-test harnesses.
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import './patient-dom.ts';

/** Picks `option` in the kit's SelectField labelled `label` (a react-aria select). */
export async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string, container: HTMLElement = document.body): Promise<void> {
  const button = [...container.querySelectorAll<HTMLElement>('.select-field')]
    .find((field) => field.querySelector('.react-aria-Label, label')?.textContent === label)
    ?.querySelector('button');
  if (!button) throw new Error(`no select labelled ${label}`);
  await user.click(button);
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The message shown under the field labelled `label`, or null. */
export function fieldError(label: string, container: HTMLElement = document.body): string | null {
  const input = within(container).getByLabelText(label, { selector: 'input, textarea' });
  const text = input.closest('.field')?.querySelector('.field-error')?.textContent;
  return text ? text : null;
}
