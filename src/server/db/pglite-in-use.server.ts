// One process at a time may open an embedded database's folder: a second one (the admin:password
// script, or a second shop on the same DATA_DIR) writes changes the first then overwrites, and may
// corrupt the files. The shop notes its process id in the folder while it has it open; the script
// and another shop read the note and stop while that process lives. A note left by a crash names
// a process that is gone, or (a container started again, its numbers reused) one that is not a
// Node process, and is ignored.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const NOTE = ".in-use-by";

export function pgliteInUseNote(folder: string): string {
  return path.join(folder, NOTE);
}

/** Notes this process as the folder's user; the returned function takes the note away. */
export function markPgliteInUse(folder: string): () => void {
  const note = pgliteInUseNote(folder);
  writeFileSync(note, String(process.pid));
  const release = () => {
    if (readNote(note) === process.pid) rmSync(note, { force: true });
  };
  // Also when the process ends another way than through close (a start that then failed to listen).
  process.once("exit", release);
  return release;
}

/** The living process, other than this one, that has the folder open; null when none. */
export function pgliteInUseBy(folder: string): number | null {
  const pid = readNote(pgliteInUseNote(folder));
  if (pid === null || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it lives, as another user's process.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return null;
  }
  return isNodeProcess(pid) ? pid : null;
}

/** Where the system says what a process runs (Linux): a number reused by another program is no shop. */
function isNodeProcess(pid: number): boolean {
  const commandLine = `/proc/${pid}/cmdline`;
  if (!existsSync(commandLine)) return true;
  try {
    return /node|tsx/.test(readFileSync(commandLine, "utf8"));
  } catch {
    return true;
  }
}

function readNote(note: string): number | null {
  try {
    const pid = Number(readFileSync(note, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
