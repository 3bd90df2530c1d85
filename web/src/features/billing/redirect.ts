import { MESSAGES } from '../../../../shared/messages';

/**
 * Sends the browser to a hosted page (Stripe Checkout or the billing portal; the local sandbox's pages
 * when no Stripe key is set). Only http(s) URLs are followed; anything else, or a browser that refuses
 * the navigation, is the spec's "Failed to start checkout process" alert. Returns whether it left.
 */
export function redirectToHostedPage(url: unknown, failure: string = MESSAGES.checkoutStartFailed): boolean {
  try {
    if (typeof url !== 'string' || !url) throw new Error('No URL to go to');
    const target = new URL(url, window.location.href);
    if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error('Not a web URL');
    window.location.assign(target.toString());
    return true;
  } catch {
    window.alert(failure);
    return false;
  }
}
