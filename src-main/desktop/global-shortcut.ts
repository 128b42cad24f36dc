// The one global shortcut (shorten from clipboard): registered in place of the active one, and on
// failure the previous one stays, with a problem the settings screen can show as it is.
import { acceleratorProblem } from './accelerator.ts';
import type { ShortcutPort } from './shell-ports.ts';

export class GlobalShortcut {
  #active: string | null = null;
  readonly #port: ShortcutPort;
  readonly #onPress: () => void;

  constructor(port: ShortcutPort, onPress: () => void) {
    this.#port = port;
    this.#onPress = onPress;
  }

  get active(): string | null {
    return this.#active;
  }

  /** Registers `accelerator` (null: none) in place of the active one; returns the problem, if any. */
  apply(accelerator: string | null): string | null {
    if (accelerator === this.#active) return null;
    if (accelerator !== null) {
      const problem = acceleratorProblem(accelerator);
      if (problem) return problem;
    }
    const previous = this.#active;
    this.release();
    if (accelerator === null) return null;
    let failure = `${accelerator} is already used by another application or the system. Choose another shortcut.`;
    try {
      if (this.#port.register(accelerator, this.#onPress)) {
        this.#active = accelerator;
        return null;
      }
    } catch (error) {
      failure = `${accelerator} cannot be used as a shortcut here: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (previous) {
      try {
        if (this.#port.register(previous, this.#onPress)) this.#active = previous;
      } catch {
        // The previous one was valid a moment ago; if it is gone now there is nothing better to do.
      }
    }
    return failure;
  }

  release(): void {
    if (this.#active) this.#port.unregister(this.#active);
    this.#active = null;
  }
}
