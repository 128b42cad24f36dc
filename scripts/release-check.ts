// `npm run dist`'s first step: refuses, before anything is built, a release whose update feed is
// not set (scripts/release-feed.ts decides). Exit 1 with the reason and what to set.
import { releaseFeed } from './release-feed.ts';

const feed = releaseFeed(process.env);
if (feed.ok) {
  console.log(feed.summary);
} else {
  console.error(feed.message);
  process.exitCode = 1;
}
