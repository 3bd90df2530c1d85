import type { AccountProfile } from '../../../shared/account';
import type { AccountCreator } from '../../core/account/account.ports';
import { writtenUnlessConditionFails } from './conditions';
import { profileItem } from './profile-item';
import type { RaincheckService } from './service';

/**
 * An account's first record, for the post-confirmation trigger and the back-fill. Apart from the
 * account repository so the trigger's bundle holds no billing code.
 */
export class DynamoAccountCreator implements AccountCreator {
  constructor(private readonly db: RaincheckService) {}

  /** ElectroDB's create is a put on `attribute_not_exists` of the key: a second one changes nothing. */
  async createProfile(profile: AccountProfile): Promise<boolean> {
    return writtenUnlessConditionFails(() => this.db.entities.profile.create(profileItem(profile)).go());
  }
}
