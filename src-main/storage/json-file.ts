// A small JSON file in the user data folder, read through a schema and written atomically: each
// write goes to a temporary file renamed over the old one, so a crash mid-write keeps the previous
// content. A file that cannot be read is moved aside (never overwritten) and the fallback is used.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';

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
    const write = this.writing.then(async () => {
      await mkdir(path.dirname(this.file), { recursive: true });
      const temp = `${this.file}.${process.pid}.tmp`;
      await writeFile(temp, text);
      await rename(temp, this.file);
    });
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
