import type { Context, Hono, MiddlewareHandler } from 'hono';

// Any Hono app: the group's app is typed by the caller, its env and schema are its own.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyHono = Hono<any, any, any>;

/**
 * A group of routes registered on the first request that reaches it, not at a Lambda's load (issue 26
 * item 8): a rarely used group (the admin screens, API keys, webhooks…) then costs a cold start nothing
 * but the parse of its code. The group gets an app of its own (`newApp`: the same error mapper and 404
 * as the app it serves for), built once per container; each request the outer app routes to the
 * handler is answered by that app, with the outer app's context variables (the verified caller) set
 * in its context first. The outer app's middlewares have run already, in their order.
 *
 * Mount it only on paths the group alone answers, after every outer middleware that covers them: the
 * outer app passes such a request to no later route.
 */
function routesOnFirstRequest<A extends AnyHono>(
  newApp: () => A,
  register: (group: A) => void,
): MiddlewareHandler {
  let group: A | undefined;
  return async (c) => {
    group ??= groupApp(newApp, register);
    outerContexts.set(c.req.raw, c);
    return group.fetch(c.req.raw, c.env);
  };
}

/**
 * How an app's rarely used groups are registered: on their first request (the Lambdas), or `at-load`,
 * into the app itself where they are mounted, as every route was before issue 26 item 8 (the reference
 * the unit tests compare the first with, route by route).
 */
export type RouteGroups = 'on-first-request' | 'at-load';

/** `routesOnFirstRequest` mounted on each of `paths` for every method (or the group registered now). */
export function mountOnFirstRequest<A extends AnyHono>(
  app: A,
  paths: readonly string[],
  newApp: () => A,
  register: (group: A) => void,
  mode: RouteGroups = 'on-first-request',
): void {
  if (mode === 'at-load') return register(app);
  const handler = routesOnFirstRequest(newApp, register);
  for (const path of paths) app.all(path, handler);
}

/** The outer app's context of each request handed to a group, by the request itself. */
const outerContexts = new WeakMap<Request, Context>();

function groupApp<A extends AnyHono>(newApp: () => A, register: (group: A) => void): A {
  const group = newApp();
  // First in the group: what the outer middlewares set (the caller, the API key's id).
  group.use('*', async (c, next) => {
    const outer = outerContexts.get(c.req.raw);
    if (outer) for (const [name, value] of Object.entries(outer.var)) c.set(name as never, value as never);
    await next();
  });
  register(group);
  return group;
}
