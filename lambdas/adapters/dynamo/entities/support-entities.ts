import { supportGrantEntity } from './support-grant.entity';
import { supportLogEntity } from './support-log.entity';
import { supportMessageEntity } from './support-message.entity';
import { supportRequestEntity } from './support-request.entity';
import { supportSessionEntity } from './support-session.entity';

/** Support's entities (issue 22 §5–7) by name, spread into the table's one list with a single line. */
export const SUPPORT_ENTITIES = {
  supportRequest: supportRequestEntity,
  supportMessage: supportMessageEntity,
  supportGrant: supportGrantEntity,
  supportSession: supportSessionEntity,
  supportLog: supportLogEntity,
};
