// Scaffold: being built (issue 5).
export function CommandPalette() {
  return null;
}
