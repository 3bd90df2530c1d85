import { accountOnPlan, type TestAccount } from '../../support/accounts';
import { e2eStack } from '../stack';

/**
 * For an Enterprise-only screen: an Enterprise account that uses it and a Premium one that sees it
 * locked with the way up (`<prefix>` and `<prefix>-premium`), bought in parallel.
 */
export async function enterpriseAndPremium(prefix: string): Promise<[TestAccount, TestAccount]> {
  return Promise.all([
    accountOnPlan(e2eStack(), prefix, 'enterprise'),
    accountOnPlan(e2eStack(), `${prefix}-premium`, 'premium'),
  ]);
}
