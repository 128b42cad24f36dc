// Installers: npm run dist (checks the update feed, builds with electron-vite, then packages with
// this file). Needs a machine that can download Electron and the platform tools electron-builder
// fetches; see README "Building installers". electron-builder finds this file by its name (a bare
// `npx electron-builder` reads it too) and loads it with its own TypeScript loader.
import type { Configuration } from 'electron-builder';
import { releaseFeed } from './scripts/release-feed.ts';

/** The whole configuration, for the given environment's update feed; throws where the release check refuses. */
export function linkdockBuildConfig(env: Record<string, string | undefined>): Configuration {
  const feed = releaseFeed(env);
  if (!feed.ok) throw new Error(feed.message);
  return {
    appId: 'app.linkdock.desktop',
    productName: 'Linkdock',
    copyright: 'Copyright © 2026 Linkdock developers',
    directories: { output: 'dist', buildResources: 'resources' },
    files: ['out/**', 'package.json', '!**/*.map'],
    extraResources: [
      { from: 'resources/icons', to: 'icons' },
      { from: 'resources/tray', to: 'tray' },
    ],
    asar: true,
    // Fuses are flipped in the Electron binary itself (issues #14, #36): no ELECTRON_RUN_AS_NODE,
    // NODE_OPTIONS or --inspect way into the packaged app, cookies encrypted, only the
    // (integrity-checked) app.asar loaded, and no extra privileges for file:// pages (the window's
    // page comes from app://linkdock/). Nothing here forks with ELECTRON_RUN_AS_NODE: the sandbox
    // runs inside the main process.
    electronFuses: {
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      grantFileProtocolExtraPrivileges: false,
    },
    // Updates (electron-updater, README "Updates"): the feed comes from the release environment
    // (scripts/release-feed.ts), never from this file. electron-builder writes it into the app as
    // app-update.yml; null (LINKDOCK_UPDATES=off) writes none, and stops electron-builder guessing
    // one from GH_TOKEN or the git remote.
    publish: feed.publish,
    // Pure JavaScript only (node:sqlite is built into Electron): nothing to rebuild.
    npmRebuild: false,
    nodeGypRebuild: false,
    linux: {
      target: ['AppImage', 'deb'],
      icon: 'resources/icons',
      category: 'Network',
      synopsis: 'Manage short links, custom domains and notification handlers',
    },
    deb: { priority: 'optional' },
    mac: {
      // The zip is what electron-updater hands Squirrel.Mac for an update; the dmg is for a first install.
      target: ['dmg', 'zip'],
      icon: 'resources/icon.png',
      category: 'public.app-category.productivity',
      hardenedRuntime: true,
    },
    dmg: { sign: false },
    win: { target: 'nsis', icon: 'resources/icon.png' },
    nsis: { oneClick: false, allowToChangeInstallationDirectory: true, perMachine: false },
  };
}

export default (): Configuration => linkdockBuildConfig(process.env);
