import type { TenantId } from '../caller';
import { tenantFromStore } from '../caller';
import { LinkSigner, VersionedToken } from '../link-signer';

/** The public path of a signed document link (the reports Lambda; public at the gateway). */
export const DOCUMENT_LINK_PREFIX = '/api/reports/documents/';

export interface DocumentLinkClaims {
  tenant: TenantId;
  reportId: string;
  periodKey: string;
  expiresAt: Date;
}

/**
 * Signed links to one kept report document (the scheduled email's link when the PDF is above 7 MB): the
 * recipients need not have an account, so the token is the authority. Signed with a key derived from the
 * deployment's link secret under its own label, valid until the document's 90 days end.
 */
export function documentLinks(opts: { secret: string; previousSecrets?: string[]; appOrigin: string }) {
  const token = new VersionedToken(
    new LinkSigner('report-document', opts.secret, opts.previousSecrets ?? [], 'UNSUBSCRIBE_SECRET'),
    'd1',
    800,
  );
  /**
   * The document a token names, or why not: `expired` for a link we signed whose 90 days are over
   * (the document is deleted), `invalid` for anything we never signed (a mistyped or cut link).
   */
  const open = (
    tokenText: string,
    now: Date,
  ): Omit<DocumentLinkClaims, 'expiresAt'> | 'expired' | 'invalid' => {
    const c = token.verify(tokenText);
    if (!c || typeof c.t !== 'string' || typeof c.r !== 'string' || typeof c.p !== 'string') return 'invalid';
    if (typeof c.e !== 'number') return 'invalid';
    if (c.e <= now.getTime()) return 'expired';
    return { tenant: tenantFromStore(c.t), reportId: c.r, periodKey: c.p };
  };
  return {
    open,
    link(doc: DocumentLinkClaims): string {
      const claims = { t: doc.tenant, r: doc.reportId, p: doc.periodKey, e: doc.expiresAt.getTime() };
      return `${opts.appOrigin.replace(/\/$/, '')}${DOCUMENT_LINK_PREFIX}${token.sign(claims)}`;
    },
    /** The document a genuine, unexpired token names; null for anything else. */
    read(tokenText: string, now: Date): Omit<DocumentLinkClaims, 'expiresAt'> | null {
      const opened = open(tokenText, now);
      return typeof opened === 'string' ? null : opened;
    },
  };
}

export type DocumentLinks = ReturnType<typeof documentLinks>;
