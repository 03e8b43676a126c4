import type { ApiSchema } from '@server/api-schema';
import { api, type CallOptions } from '../api';

/** The API paths the client may read (`GET`), as the server's routers declare them. */
export type GetPath = { [Path in keyof ApiSchema]: ApiSchema[Path] extends { $get: unknown } ? Path : never }[keyof ApiSchema];

type GetEndpoint<Path extends GetPath> = ApiSchema[Path] extends { $get: infer Endpoint } ? Endpoint : never;

/** What a successful read of `Path` answers: its route's 200 schema, as JSON carries it. */
export type ApiAnswer<Path extends GetPath> =
  GetEndpoint<Path> extends infer Endpoint ? (Endpoint extends { status: 200; output: infer Output } ? Output : never) : never;

type Input<Path extends GetPath> = GetEndpoint<Path> extends { input: infer Given } ? Given : never;

/** The path's parameters and query, typed by its route: `param` exactly when the path has some. */
export type GetInput<Path extends GetPath> = Pick<Input<Path>, Extract<keyof Input<Path>, 'param' | 'query'>>;

/** The call's own options (headers, context, expected refusals); the path and inputs say the rest. */
export type ReadOptions = Omit<CallOptions, 'json' | 'searchParams'>;

/**
 * Reads `path` through the app's client (session refresh, `ApiError`s), filling its `:params`.
 * The answer's type is the route's, so a screen reads server data with no cast of its own.
 */
export function apiGet<Path extends GetPath>(path: Path, input: GetInput<Path>, options: ReadOptions = {}): Promise<ApiAnswer<Path>> {
  const { param, query } = input as { param?: Record<string, string>; query?: Record<string, string | number | boolean | undefined> };
  const url = path.slice(1).replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(param?.[name] ?? ''));
  const searchParams = query && Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ''));
  return api.get<ApiAnswer<Path>>(url, { ...options, ...(searchParams && { searchParams }) });
}
