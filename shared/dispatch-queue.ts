/**
 * The dispatch queue's contract, shared by the CDK app (redrive policy) and the worker (which reads
 * the receive count to know its last attempt before the dead-letter queue).
 */
/** Receives of a batch before SQS parks it in the dead-letter queue. */
export const DISPATCH_MAX_RECEIVE_COUNT = 3;
