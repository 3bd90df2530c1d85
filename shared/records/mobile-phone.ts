import * as z from 'zod';
import { PHONE_HINT, toE164 } from '../phone';
import { builtOnFirstUse } from '../built-on-first-use';

/**
 * An optional mobile number (workers: the SMS channel), stored in E.164; any common format is read
 * in the account's country. An empty string reads as absent (null).
 */
export const optionalMobilePhone = /* @__PURE__ */ builtOnFirstUse(() =>
  z
    .string({ message: 'Phone must be text' })
    .trim()
    .max(40, PHONE_HINT)
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const e164 = toE164(v);
      if (!e164) ctx.addIssue({ code: 'custom', message: PHONE_HINT });
      return e164 ?? null;
    }),
);
