import type { Knex } from 'knex';

export interface ViewRow {
  customerId: number;
  viewedAt: number;
}

export class ViewRepository {
  constructor(
    private readonly db: Knex,
    /** Day boundaries of the statistics (APP_TIMEZONE). */
    readonly timeZone: string,
  ) {}

  /** One transaction for a whole batch: one fsync instead of one per view. */
  async insertMany(views: ReadonlyArray<ViewRow>): Promise<void> {
    if (views.length === 0) return;
    await this.db.transaction(async (trx) => {
      for (let i = 0; i < views.length; i += 200) {
        await trx('profile_views').insert(views.slice(i, i + 200).map((v) => ({ customer_id: v.customerId, viewed_at: v.viewedAt })));
      }
    });
  }
}
