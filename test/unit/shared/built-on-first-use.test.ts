/**
 * Schemas built on their first use (issue 26 item 8): the stand-in behaves as the schema it stands
 * for (parse, instanceof, shape, composition), and is built once, on its first use.
 */
import * as z from 'zod';
import { builtOnFirstCall, builtOnFirstUse } from '../../../shared/built-on-first-use';
import { objectOnFirstUse } from '../../../shared/object-on-first-use';

describe('a schema built on first use', () => {
  it('should not build until used, then build once', () => {
    const build = jest.fn(() => z.object({ name: z.string().min(1, 'Name is required') }));
    const schema = builtOnFirstUse(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema.safeParse({ name: '' }).error?.issues[0]?.message).toBe('Name is required');
    expect(schema.parse({ name: 'Ana' })).toEqual({ name: 'Ana' });
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('should answer its parse methods without building, as a library checks a schema', async () => {
    const shape = jest.fn(() => ({ n: z.number() }));
    const schema = objectOnFirstUse(shape);
    expect(typeof schema.parse).toBe('function');
    expect(typeof schema.safeParseAsync).toBe('function');
    expect(shape).not.toHaveBeenCalled();
    await expect(schema.safeParseAsync({ n: 'x' })).resolves.toMatchObject({ success: false });
    expect(shape).toHaveBeenCalledTimes(1);
  });

  it('should be the schema to zod: instanceof, shape, and inside other schemas', () => {
    const inner = objectOnFirstUse(() => ({ id: z.string() }));
    expect(inner instanceof z.ZodObject).toBe(true);
    expect(Object.keys(inner.shape)).toEqual(['id']);
    const outer = z.object({ items: z.array(inner), extra: inner.extend({ n: z.number() }) });
    expect(outer.safeParse({ items: [{ id: 'a' }], extra: { id: 'b', n: 1 } }).success).toBe(true);
    expect(outer.safeParse({ items: [{ id: 1 }], extra: { id: 'b', n: 1 } }).success).toBe(false);
    const spread = z.object({ ...builtOnFirstUse(() => ({ a: z.boolean() })) });
    expect(spread.parse({ a: true })).toEqual({ a: true });
  });

  it('should build a value kept after the first call', () => {
    const build = jest.fn(() => z.string().describe('kept'));
    const kept = builtOnFirstCall(build);
    expect(build).not.toHaveBeenCalled();
    expect(kept()).toBe(kept());
    expect(build).toHaveBeenCalledTimes(1);
  });
});
