// Which update feed a release build carries (issue #36). None is written in the repository: a
// placeholder owner/repo is a GitHub name anyone could register and then serve "updates" from. The
// feed comes from the environment at release time, or the build says LINKDOCK_UPDATES=off and
// carries none (electron-builder then writes no app-update.yml, and the app never looks).
// Pure: electron-builder.ts and scripts/release-check.ts both ask it.

export const OWNER_VARIABLE = 'LINKDOCK_UPDATE_OWNER';
export const REPO_VARIABLE = 'LINKDOCK_UPDATE_REPO';
export const SWITCH_VARIABLE = 'LINKDOCK_UPDATES';

/** electron-builder's publish entry for GitHub releases (what it writes into app-update.yml). */
export interface GithubFeed {
  provider: 'github';
  owner: string;
  repo: string;
  releaseType: 'release';
}

export type ReleaseFeed = { ok: true; publish: GithubFeed | null; summary: string } | { ok: false; message: string };

// GitHub's own rules: an account name is letters, digits and single inner hyphens, at most 39
// characters; a repository name is letters, digits, '.', '-' and '_', at most 100.
const OWNER = /^[A-Za-z0-9](?:-?[A-Za-z0-9]){0,38}$/;
const REPO = /^[A-Za-z0-9._-]{1,100}$/;

const HOW = `Set ${OWNER_VARIABLE} and ${REPO_VARIABLE} to the GitHub owner and repository whose releases Linkdock updates from (for example ${OWNER_VARIABLE}=acme ${REPO_VARIABLE}=linkdock npm run dist), or ${SWITCH_VARIABLE}=off to build installers that never look for updates.`;

export function releaseFeed(env: Record<string, string | undefined>): ReleaseFeed {
  const owner = env[OWNER_VARIABLE]?.trim() ?? '';
  const repo = env[REPO_VARIABLE]?.trim() ?? '';
  const updates = env[SWITCH_VARIABLE]?.trim().toLowerCase() ?? '';
  const refuse = (why: string): ReleaseFeed => ({ ok: false, message: `npm run dist refused: ${why}\n${HOW}` });

  if (updates !== '' && updates !== 'on' && updates !== 'off') return refuse(`${SWITCH_VARIABLE} is "${env[SWITCH_VARIABLE]}"; it can be on or off.`);
  if (updates === 'off') {
    if (owner || repo) return refuse(`${SWITCH_VARIABLE}=off, yet an update feed is set: say which you mean.`);
    return { ok: true, publish: null, summary: 'Building without an update feed: these installers never look for updates.' };
  }
  if (!owner && !repo) return refuse('updates are on, but no update feed is set, so the installers would not know where to look for one.');
  if (!owner || !repo) return refuse(`${owner ? REPO_VARIABLE : OWNER_VARIABLE} is not set: the update feed needs both.`);
  if (!OWNER.test(owner)) return refuse(`${OWNER_VARIABLE} "${owner}" is not a GitHub account name.`);
  if (!REPO.test(repo) || repo === '.' || repo === '..') return refuse(`${REPO_VARIABLE} "${repo}" is not a GitHub repository name.`);
  if (/placeholder/i.test(`${owner}/${repo}`)) return refuse(`"${owner}/${repo}" looks like a placeholder, not the repository that hosts the releases.`);
  return {
    ok: true,
    publish: { provider: 'github', owner, repo, releaseType: 'release' },
    summary: `Update feed: GitHub releases of ${owner}/${repo}.`,
  };
}
