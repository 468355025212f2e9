// The oldest Node the shop runs on: Node 24's first LTS release. `engines` in package.json, .nvmrc
// and .node-version say the same; `npm install` brings this Node as a package (decision 017).
export const MINIMUM_NODE = "24.11.0";

function parts(version: string): [number, number, number] {
  const [major = 0, minor = 0, patch = 0] = version.replace(/^v/, "").split(/[.-]/).map((n) => Number.parseInt(n, 10) || 0);
  return [major, minor, patch];
}

export function isSupportedNode(version: string, minimum = MINIMUM_NODE): boolean {
  const have = parts(version);
  const need = parts(minimum);
  for (let i = 0; i < 3; i++) {
    const a = have[i] ?? 0;
    const b = need[i] ?? 0;
    if (a !== b) return a > b;
  }
  return true;
}

export function unsupportedNodeMessage(version: string): string {
  return (
    `This shop needs Node ${MINIMUM_NODE} or newer; this is Node ${version}.\n` +
    "Start it through npm (`npm start`, or `npm run start:prod` for an existing build): after `npm install`, " +
    "npm scripts run the Node 24 that `npm install` put in node_modules/.bin. " +
    "Or install Node 24 yourself (`nvm install` reads .nvmrc) and run it again."
  );
}
