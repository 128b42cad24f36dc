// The one contract between the renderer and main (DESIGN.md "Processes and the one contract").
import './plain-messages.ts'; // before any schema parses: every message in plain words
export * from './api-rules.ts';
export * from './resources.ts';
export * from './resource-names.ts';
export * from './resource-table.ts';
export * from './inputs.ts';
export * from './errors.ts';
export * from './calls.ts';
export * from './statistics.ts';
export * from './call-check.ts';
export * from './rate-window.ts';
export * from './names.ts';
export * from './wire-codec.ts';
export * from './short-url.ts';
export * from './origin.ts';
export * from './page-hash.ts';
export * from './page-text.ts';
export * from './listed-page.ts';
