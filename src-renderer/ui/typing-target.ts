/** Whether a key event lands in a text input: single-key shortcuts must not take over typing. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Whether a dialog holds the user's attention: page shortcuts wait. Toasts are alert dialogs
 * too (react-aria), but they sit beside the page and must not switch its shortcuts off.
 */
export function isDialogOpen(): boolean {
  return [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].some((el) => !el.closest('.toast-region'));
}
