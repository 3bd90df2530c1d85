import { LAMBDA_ENTRIES } from '../../../infra/lambda-entries';

interface Route {
  method: string;
  path: string;
}

/** Routes as "METHOD /path", sorted, so two lists compare as sets. */
export const routeKeys = (routes: readonly Route[]): string[] =>
  routes.map((r) => `${r.method} ${r.path}`).sort();

/** The routes the API sends to the Lambda entry named `name`. */
export function routesOf(name: string) {
  const entry = LAMBDA_ENTRIES.find((e) => e.name === name);
  if (!entry) throw new Error(`No Lambda entry named ${name}`);
  return entry.routes;
}

/** One route of an app asked without a caller: its path and the status the app answered. */
export async function askedWithoutCaller(
  app: { request: (path: string, init: { method: string }) => Response | Promise<Response> },
  route: Route,
): Promise<{ route: string; status: number }> {
  const res = await app.request(route.path, { method: route.method });
  return { route: route.path, status: res.status };
}

/** The API sends to the Lambda entry `name` exactly the routes its app serves, none of them public. */
export function expectRoutedExactly(name: string, served: readonly Route[]): void {
  expect(routeKeys(routesOf(name))).toEqual(routeKeys(served));
  expect(routesOf(name).every((r) => !r.public)).toBe(true);
}

/** Every route the app serves answers 401 to a request without a verified caller. */
export async function expectEachRefusedWithoutCaller(
  app: Parameters<typeof askedWithoutCaller>[0],
  served: readonly Route[],
): Promise<void> {
  for (const route of served)
    expect(await askedWithoutCaller(app, route)).toEqual({ route: route.path, status: 401 });
}

/** A port an app is built with that a request without a caller never reaches. */
export const neverReached = <T>(): T => ({}) as T;
