import type { Db } from '../db/database';

export function createSettingsRepository(db: Db) {
  return {
    async getAll(): Promise<Map<string, unknown>> {
      const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
      return new Map(rows.map((r) => [r.key, r.value]));
    },
    async put(key: string, value: unknown, now: Date): Promise<void> {
      const json = JSON.stringify(value);
      await db
        .insertInto('settings')
        .values({ key, value: json, updated_at: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: now }))
        .execute();
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
