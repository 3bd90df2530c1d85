/** `GET /api/sms/usage`: texts counted against the plan's monthly SMS allowance. */
export interface SmsUsage {
  /** "2026-11": the allowance's month (UTC). */
  month: string;
  used: number;
  allowance: number;
}
