// Whether this build looks for updates, and whether it may install one by itself (issue #36).
// A build never looks at a feed nobody configured: electron-updater reads the feed from
// app-update.yml in the app's resources, which electron-builder writes only when the release set
// one (scripts/release-feed.ts); without that file, no check at all. An update installs itself
// only where something other than the feed vouches for it: on macOS Squirrel.Mac accepts only an
// app signed like the running one; on Windows electron-updater checks the installer's signature
// against the publisher names app-update.yml carries (written only for a signed build). Linux
// packages (AppImage, deb) carry no signature electron-updater checks, only a SHA-512 from the
// same feed, and the deb installs as root: there the app only says a new version is out.

export type UpdatePlan =
  /** `menu`: why Check for Updates… is disabled, short enough for a menu line. */
  { kind: 'never'; note: string; log: string; menu: string } | { kind: 'install' } | { kind: 'notify'; note: string; log: string; releasesPage: string | null };

export interface UpdateFacts {
  dev: boolean;
  platform: NodeJS.Platform;
  /** app-update.yml's text; null: the packaged app has none; undefined: no updater at all (tests, the web preview). */
  feedText: string | null | undefined;
}

export function planUpdates(facts: UpdateFacts): UpdatePlan {
  if (facts.dev) {
    return {
      kind: 'never',
      note: 'Updates are off in development builds.',
      log: 'updates: off in development builds',
      menu: 'Updates are off in development builds',
    };
  }
  if (facts.feedText === undefined) {
    return {
      kind: 'never',
      note: 'This build cannot update itself.',
      log: 'updates: this build cannot update itself',
      menu: 'This build cannot update itself',
    };
  }
  if (facts.feedText === null) {
    return {
      kind: 'never',
      note: 'Updates are not configured for this build: it never looks for new versions.',
      log: 'updates: not configured for this build (no app-update.yml): never checking',
      menu: 'Updates are not configured for this build',
    };
  }
  const feed = readFeed(facts.feedText);
  if (facts.platform === 'darwin') return { kind: 'install' };
  if (facts.platform === 'win32' && feed.publisherNames.length > 0) return { kind: 'install' };
  const why = facts.platform === 'win32' ? 'this build is not signed' : 'nothing checks the signature of a Linux package';
  return {
    kind: 'notify',
    note: `Linkdock tells you when a new version is out but does not install it by itself: ${why}.`,
    log: `updates: notify only, never installed by the app (${why})`,
    releasesPage: feed.releasesPage,
  };
}

export interface FeedFacts {
  /** Who must have signed a Windows update (electron-updater's check); empty: no check. */
  publisherNames: string[];
  /** The GitHub releases page, for a notice's click; null for another provider or odd names. */
  releasesPage: string | null;
}

/**
 * What the plan needs of app-update.yml, as electron-builder writes it (flat `key: value` lines, a
 * `publisherName` list). Anything it does not recognise counts as absent: no signature (so no
 * install on Windows) and no link.
 */
export function readFeed(text: string): FeedFacts {
  const lines = text.split(/\r?\n/);
  const scalar = (key: string): string | null => {
    const line = lines.find((l) => l.startsWith(`${key}:`));
    return line ? unquote(line.slice(key.length + 1).trim()) : null;
  };
  const owner = scalar('owner');
  const repo = scalar('repo');
  const github = scalar('provider') === 'github' && owner && repo && /^[A-Za-z0-9-]{1,39}$/.test(owner) && /^[A-Za-z0-9._-]{1,100}$/.test(repo);
  return { publisherNames: publisherNames(lines), releasesPage: github ? `https://github.com/${owner}/${repo}/releases` : null };
}

function publisherNames(lines: string[]): string[] {
  const at = lines.findIndex((l) => l.startsWith('publisherName:'));
  if (at < 0) return [];
  const inline = lines[at]!.slice('publisherName:'.length).trim();
  if (inline) return ['null', '~', '[]', "''", '""'].includes(inline) ? [] : [unquote(inline)].filter(Boolean);
  const names: string[] = [];
  for (const line of lines.slice(at + 1)) {
    const item = /^\s+-\s+(.+)$/.exec(line);
    if (!item) break;
    names.push(unquote(item[1]!.trim()));
  }
  return names.filter(Boolean);
}

function unquote(value: string): string {
  const quoted = /^'(.*)'$/.exec(value) ?? /^"(.*)"$/.exec(value);
  return quoted ? quoted[1]! : value;
}
