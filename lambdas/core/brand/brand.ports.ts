import type { LogoContentType, PresignedUpload } from '../../../shared/brand';
import type { TenantId } from '../caller';

/** An account's stored brand; the logo is kept as its object key (its address is derived when read). */
export interface StoredBrand {
  companyName: string;
  colour: string;
  footer: string;
  logoKey: string | null;
  updatedAt: string;
}

export interface BrandStore {
  get(tenant: TenantId): Promise<StoredBrand | null>;
  /** The stored brands of many accounts, keyed by account, in batched reads; absent in fakes. */
  getMany?(tenants: readonly TenantId[]): Promise<Map<string, StoredBrand>>;
  /** One item per account: a repeated PUT writes the same item again (safe to repeat). */
  put(tenant: TenantId, brand: StoredBrand): Promise<void>;
}

/** An object as storage describes it. */
export interface StoredObject {
  bytes: Uint8Array;
  contentType: string | null;
}

/**
 * File storage (S3 in AWS; s3rver behind the local front in local/s3-front). Browsers upload through
 * short-lived presigned POSTs whose policy holds the type, size and key; objects under `files/` are
 * served from the app's origin (CloudFront's `/files/*` behavior in AWS).
 */
export interface FileStorage {
  presignUpload(opts: {
    key: string;
    keyPrefix: string;
    contentType: LogoContentType;
    maxBytes: number;
    expiresSeconds: number;
  }): Promise<PresignedUpload>;
  /** The object's bytes (at most `maxBytes + 1` are read), or null when there is none. */
  read(key: string, maxBytes: number): Promise<StoredObject | null>;
  write(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The address browsers and mail readers load a public (`files/…`) object from. */
  publicUrl(key: string): string;
}
