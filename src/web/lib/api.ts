// Helpers for the JSON resource routes (docs/api.md): one error shape, `{ "error": message }`.

export function jsonError(status: number, message: string): Response {
  return Response.json({ error: message }, { status });
}

/** Query parameters as a plain object for zod (repeated keys: the first wins). */
export function queryObject(url: URL): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (!(key in result)) result[key] = value;
  return result;
}
