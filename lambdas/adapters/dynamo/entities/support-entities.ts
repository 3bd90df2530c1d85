import { supportGrantEntity } from './support-grant.entity';
import { supportLogEntity } from './support-log.entity';
import { supportMessageEntity } from './support-message.entity';
import { supportRequestEntity } from './support-request.entity';
import { supportSessionEntity } from './support-session.entity';
import type { EntityConfig } from './table';

/** Support's entities (issue 22 §5–7), spread into the one Service with a single line. */
export function supportEntities(config: EntityConfig) {
  return {
    supportRequest: supportRequestEntity(config),
    supportMessage: supportMessageEntity(config),
    supportGrant: supportGrantEntity(config),
    supportSession: supportSessionEntity(config),
    supportLog: supportLogEntity(config),
  };
}
