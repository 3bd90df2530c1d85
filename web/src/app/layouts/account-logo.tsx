import { Image } from '@mantine/core';
import { planHas } from '../../../../shared/plan-refusal';
import { effectivePlan } from '../../../../shared/subscription';
import { useMe } from '../../features/account/api/get-me';
import { useBrand } from '../../features/brand/api/brand-api';

/**
 * The account's own logo in the app's header (issue 24): every member of a white-labelled account
 * sees it beside the product's name. Nothing while the plan has no white-labelling or no logo is set.
 */
export function useAccountLogo(): { url: string; companyName: string } | null {
  const me = useMe();
  const plan = me.data ? effectivePlan(me.data.subscription) : null;
  const brand = useBrand(plan !== null && planHas(plan, 'whiteLabeling'));
  return brand.data?.logoUrl ? { url: brand.data.logoUrl, companyName: brand.data.companyName } : null;
}

export function AccountLogo({ maxWidth = 120 }: { maxWidth?: number }) {
  const logo = useAccountLogo();
  if (!logo) return null;
  return (
    <Image
      src={logo.url}
      alt={`${logo.companyName} logo`}
      h={32}
      w={maxWidth}
      fit="contain"
      style={{ objectPosition: 'left center', flexShrink: 1, minWidth: 0 }}
      data-testid="account-logo"
    />
  );
}
