// Fills a workspace's mirror in the page's real IndexedDB with `count` synced links, as a pull of
// that many rows would leave it (raw IndexedDB, no app code), for tests and the bench at scale.
import type { Page } from 'playwright-core';

export async function seedMirrorLinks(page: Page, workspaceId: string, count: number): Promise<void> {
  await page.evaluate(
    async ({ name, count }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const pad = (n: number) => String(n).padStart(2, '0');
      for (let start = 0; start < count; start += 10_000) {
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction('links', 'readwrite');
          const store = tx.objectStore('links');
          for (let i = start; i < Math.min(count, start + 10_000); i++) {
            const id = 1_000_000 + i;
            const day = new Date(Date.UTC(2020, 0, 1) + i * 60_000);
            store.put({
              clientId: `bench-${i}`,
              serverId: null,
              baseIsProvisional: false,
              local: {},
              writeOnly: {},
              deletedLocally: false,
              missingCount: 0,
              updatedAt: 0,
              base: {
                id,
                project_id: null,
                domain_id: 0,
                type: 'link',
                url: `bench${i}`,
                location_url: `https://bench.example/page/${i}?ref=${i % 97}`,
                settings: { password: null, sensitive_content: false },
                clicks: (i * 7919) % 5000,
                order: 0,
                start_date: null,
                end_date: null,
                datetime: `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())} ${pad(day.getUTCHours())}:${pad(day.getUTCMinutes())}:00`,
              },
            });
          }
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
      }
      db.close();
    },
    { name: `linkdock-mirror-${workspaceId}`, count },
  );
}
