import { useQuery } from '@tanstack/react-query';
import type { SmsConsentEvent, SmsStatus } from '../../../../../shared/sms-messages';
import { api } from '../../../lib/api-client';

export interface SmsConsentView {
  status: SmsStatus;
  log: SmsConsentEvent[];
}

/** GET /api/workers/{id}/sms-consent: the SMS channel and its consent log (asked, YES, STOP, START). */
export function useSmsConsent(workerId: string) {
  return useQuery({
    queryKey: ['workers', workerId, 'sms-consent'],
    queryFn: ({ signal }) =>
      api<SmsConsentView>(`/api/workers/${encodeURIComponent(workerId)}/sms-consent`, { signal }),
  });
}
