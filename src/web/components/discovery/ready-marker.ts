/**
 * Attributes of a control that is hydrated lazily (discovery-layout.tsx): `data-ready` once it is
 * live, so a journey waits for what a shopper's click needs rather than for a fixed time.
 */
export function readyMarker(hydrated: boolean): { "data-discovery-control": ""; "data-ready"?: "" } {
  return hydrated ? { "data-discovery-control": "", "data-ready": "" } : { "data-discovery-control": "" };
}
