// Whether a key's `backends` list lets a model through: the one rule both
// the 403 check (keys.ts) and `GET /v1/models` (_info.ts) apply.

/**
 * True when `backends` (a key's list; undefined: any) admits a model that
 * names `backend`, or, naming none, leaves the router at least one
 * registered backend to choose.
 */
export function backendAllowed(
  backends: readonly string[] | undefined,
  backend: string | undefined,
  registered: ((name: string) => boolean) | undefined,
): boolean {
  if (backends === undefined) return true;
  if (backend !== undefined) return backends.includes(backend);
  return registered !== undefined && backends.some(registered);
}
