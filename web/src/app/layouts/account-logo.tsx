import { Image } from '@mantine/core';
import { planHas } from '../../../../shared/plan-refusal';
import { effectivePlan } from '../../../../shared/subscription';
import { useMe } from '../../features/account/api/get-me';
import { useBrand } from '../../features/brand/api/brand-api';

/**
 * The account's own logo in the app's header (issue 24): every member of a white-labelled account
 * sees it beside the product's name. Nothing while the plan has no white-labelling or no logo is set.
 */
export function AccountLogo() {
  const me = useMe();
  const plan = me.data ? effectivePlan(me.data.subscription) : null;
  const brand = useBrand(plan !== null && planHas(plan, 'whiteLabeling'));
  if (!brand.data?.logoUrl) return null;
  return (
    <Image
      src={brand.data.logoUrl}
      alt={`${brand.data.companyName} logo`}
      h={32}
      w="auto"
      maw={120}
      fit="contain"
      data-testid="account-logo"
    />
  );
}
