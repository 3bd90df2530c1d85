/**
 * Issue 26 item 8: Lambda bundles resolve `electrodb` to lambdas/adapters/electrodb/
 * electrodb-without-service.ts, ElectroDB's entry without `Service` (which Raincheck never builds).
 * Every other name must be the package's own value, and no name may be missing: an ElectroDB upgrade
 * that adds or moves one fails here.
 */
import * as electrodb from 'electrodb';
import * as withoutService from '../../../lambdas/adapters/electrodb/electrodb-without-service';

describe('ElectroDB without its Service', () => {
  const packageNames = Object.keys(electrodb).filter((name) => name !== 'default');
  const ourNames = Object.keys(withoutService).filter((name) => name !== 'default' && name !== '__esModule');

  it('should export every name of the package but Service', () => {
    expect(packageNames).toContain('Service');
    expect(ourNames.sort()).toEqual(packageNames.filter((name) => name !== 'Service').sort());
  });

  it.each(Object.keys(electrodb).filter((name) => name !== 'Service' && name !== 'default'))(
    'should give the package own %s',
    (name) => {
      const ours = (withoutService as Record<string, unknown>)[name];
      expect(ours).toBeDefined();
      expect(ours).toBe((electrodb as Record<string, unknown>)[name]);
    },
  );
});
