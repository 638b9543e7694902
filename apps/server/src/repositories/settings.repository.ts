import type { Db } from '../db/database';

export function createSettingsRepository(db: Db) {
  async function put(target: Db, key: string, value: unknown, now: Date): Promise<void> {
    const json = JSON.stringify(value);
    await target
      .insertInto('settings')
      .values({ key, value: json, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: now }))
      .execute();
  }

  return {
    async getAll(): Promise<Map<string, unknown>> {
      const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
      return new Map(rows.map((r) => [r.key, r.value]));
    },
    async put(key: string, value: unknown, now: Date): Promise<void> {
      await put(db, key, value, now);
    },
    /** Several documents at once: all saved or none. */
    async putMany(entries: ReadonlyArray<readonly [string, unknown]>, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const [key, value] of entries) await put(trx, key, value, now);
      });
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
