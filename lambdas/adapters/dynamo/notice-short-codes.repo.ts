import type { NoticeRef } from '../../core/notices/notice-link';
import type { NoticeShortCodeStore } from '../../core/notices/notice-short-codes';
import { writtenUnlessConditionFails } from './conditions';
import type { RaincheckService } from './service';

export class DynamoNoticeShortCodes implements NoticeShortCodeStore {
  constructor(private readonly db: RaincheckService) {}

  async claim(code: string, ref: NoticeRef, expiresAt: Date): Promise<boolean> {
    return writtenUnlessConditionFails(async () => {
      // New, or already this jobsite-day's (a later run of the same notice): never another notice's.
      await this.db.entities.noticeShortCode
        .put({
          code,
          tenantId: ref.tenantId,
          jobsiteId: ref.jobsiteId,
          workDate: ref.workDate,
          expiresAt: Math.ceil(expiresAt.getTime() / 1000),
        })
        .where(
          (a, op) =>
            `${op.notExists(a.tenantId)} OR (${op.eq(a.tenantId, ref.tenantId)} AND ${op.eq(a.jobsiteId, ref.jobsiteId)} AND ${op.eq(a.workDate, ref.workDate)})`,
        )
        .go({ response: 'none' });
    });
  }

  async find(code: string) {
    const { data } = await this.db.entities.noticeShortCode.get({ code }).go();
    if (!data) return null;
    return {
      tenantId: data.tenantId,
      jobsiteId: data.jobsiteId,
      workDate: data.workDate,
      expiresAt: new Date(data.expiresAt * 1000),
    };
  }
}
