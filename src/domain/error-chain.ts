// Drivers and libraries wrap the error that matters (Drizzle puts the database's in `cause`,
// better-auth and the migrator wrap it again): readers look at each link, outermost first. The
// depth bounds a chain that loops.

/** The error and the objects in its `cause` chain, outermost first, at most `depth` of them. */
export function errorChain(error: unknown, depth = 6): object[] {
  const links: object[] = [];
  for (let current = error; typeof current === "object" && current !== null && links.length < depth; current = (current as { cause?: unknown }).cause) {
    links.push(current);
  }
  return links;
}
