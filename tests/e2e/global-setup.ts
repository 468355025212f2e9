import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { E2E_DATA_DIR_PREFIX } from "./data-dir.ts";

/**
 * Removes the data folders of earlier runs whose runner has ended (43 MB each). A run cannot remove
 * its own at the end: Playwright's global teardown runs while the journeys' server is still up.
 */
export default function removeEarlierRunsData() {
  const parent = path.dirname(E2E_DATA_DIR_PREFIX);
  const prefix = path.basename(E2E_DATA_DIR_PREFIX);
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length));
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || isRunning(pid)) continue;
    rmSync(path.join(parent, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user has that number.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
