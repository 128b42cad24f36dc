// How long a test waits for something that happens after real work (issue #42: a suite that is
// green under load). CI runs on 2 cores beside other work, where what takes 1 s alone can take
// several; a wait that passes returns as soon as its condition holds, so only a test that fails
// anyway waits this long. A test with several such waits leaves room for them in its own timeout.
export const PATIENCE_MS = 15_000;

/** Options for vi.waitFor, testing-library's waitFor and findBy*: `await vi.waitFor(check, patient)`. */
export const patient = { timeout: PATIENCE_MS } as const;

/** Options of a test with many such waits (a screen test through several dialogs): room for each to be slow. */
export const MANY_WAITS = { timeout: 60_000 } as const;
