import { dirname } from 'node:path';
import { sourceMappedStackTraces } from './source-mapped-stack-traces';

/**
 * Injected into every Lambda bundle ahead of its entry (LAMBDA_BUNDLING.inject): in the CommonJS bundle
 * `__filename` is the bundle itself, whose source map lies beside it (and the first-use packages'
 * bundles below it, FIRST_USE_PACKAGES, each with its map). Only bundles load this file; under
 * tsx (the local stack) and jest, traces are the sources' own already.
 */
Error.prepareStackTrace = sourceMappedStackTraces(dirname(__filename));
