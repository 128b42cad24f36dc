// Files the app keeps in the user data folder, written so that a crash or a power cut leaves the old
// content or the new, never an empty file (issue #40): a temporary file, fsynced, renamed over the
// target, then the folder fsynced so the rename itself is on disk. Every such file is the user's
// alone (issue #36): 0600 in a 0700 folder, a looser folder tightened when written. The JSON files
// (json-file.ts) and the key vault both write through here.
import { randomBytes } from 'node:crypto';
import * as fsp from 'node:fs/promises';
import path from 'node:path';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** The file operations used, in one object so a test can watch what is fsynced and in which order. */
export const durableFs = {
  open: fsp.open,
  rename: fsp.rename,
  mkdir: fsp.mkdir,
  chmod: fsp.chmod,
  stat: fsp.stat,
  rm: fsp.rm,
};

/** Modes are POSIX's; on Windows the profile folder's ACLs already keep other users out. */
const posix = process.platform !== 'win32';

/** Makes the folder (0700) or takes away what group and others may do in an existing one. */
export async function privateDir(dir: string): Promise<void> {
  await durableFs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (!posix) return;
  const { mode } = await durableFs.stat(dir);
  if ((mode & 0o077) !== 0) await durableFs.chmod(dir, mode & PRIVATE_DIR_MODE);
}

/** Resolves once the new content is on disk under its name; on failure the old file is untouched. */
export async function writeFileDurably(file: string, data: string | Uint8Array): Promise<void> {
  const dir = path.dirname(file);
  await privateDir(dir);
  // A name of its own per write: two writers of the same file never share a temporary file.
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await durableFs.open(temp, 'wx', PRIVATE_FILE_MODE);
    try {
      await handle.writeFile(data);
      // Before the rename: else a power cut can leave the new name pointing at no data.
      await handle.sync();
    } finally {
      await handle.close();
    }
    await durableFs.rename(temp, file);
  } catch (error) {
    await durableFs.rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
  await syncDir(dir);
}

/** Filesystems that cannot fsync a folder say so with these; the file itself is synced already. */
const NO_DIR_SYNC = new Set(['EINVAL', 'ENOTSUP', 'EISDIR', 'EPERM']);

async function syncDir(dir: string): Promise<void> {
  // Windows opens no folder for fsync; NTFS journals the rename itself.
  if (!posix) return;
  const handle = await durableFs.open(dir, 'r');
  try {
    await handle.sync();
  } catch (error) {
    if (!NO_DIR_SYNC.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
  } finally {
    await handle.close();
  }
}
