import { isRecordId } from '../../shared/records/ids';
import { NotFoundError } from './errors';

/**
 * Throws the 404 of an unknown id when `id` cannot name a stored record (the store writes UUIDs):
 * checked before the read, since an id past DynamoDB's key limits fails the read itself (500).
 */
export function assertKnownIdShape(id: string | undefined, notFound: string): asserts id is string {
  if (!isRecordId(id)) throw new NotFoundError(notFound);
}
