// A small JSON file in the user data folder, read through a schema and written atomically and
// durably (durable-write.ts: a crash or a power cut keeps the previous content or the new one, and
// the file is the user's alone). A file that cannot be read is moved aside (never overwritten) and
// the fallback is used; the caller is told where it went, and must say so.
import { readFile, rename } from 'node:fs/promises';
import type { z } from 'zod';
import { writeFileDurably } from './durable-write.ts';

export interface JsonFileLoad<T> {
  value: T;
  /** Where a damaged file was moved, when it was. */
  recoveredFrom?: string;
}

export class JsonFile<S extends z.ZodType> {
  readonly file: string;
  private readonly schema: S;
  private writing: Promise<void> = Promise.resolve();

  constructor(file: string, schema: S) {
    this.file = file;
    this.schema = schema;
  }

  async load<F = z.output<S>>(fallback: () => F, now: () => number = Date.now): Promise<JsonFileLoad<z.output<S> | F>> {
    let raw: string;
    try {
      raw = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { value: fallback() };
      throw error;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    const result = this.schema.safeParse(parsed);
    if (result.success) return { value: result.data };
    const aside = `${this.file}.damaged-${now()}`;
    await rename(this.file, aside);
    return { value: fallback(), recoveredFrom: aside };
  }

  /** Writes are serialised in call order; the promise settles when this value is on disk. */
  save(value: z.output<S>): Promise<void> {
    const text = JSON.stringify(value, null, 2);
    const write = this.writing.then(() => writeFileDurably(this.file, text));
    this.writing = write.catch(() => undefined);
    return write;
  }
}

/** Runs read-modify-write steps one after another, so two quick changes cannot overwrite each other. */
export class Serial {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(step: () => Promise<T>): Promise<T> {
    const result = this.tail.then(step);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
