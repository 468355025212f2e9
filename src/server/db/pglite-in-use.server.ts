// One process at a time may open an embedded database's folder: a second one (the admin:password
// script while the shop runs) writes changes the running shop then overwrites, and may corrupt
// the files. The shop notes its process id in the folder while it has it open; the script reads
// the note and stops while that process lives. A note left by a crash names a process that is
// gone, and is ignored.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const NOTE = ".in-use-by";

export function pgliteInUseNote(folder: string): string {
  return path.join(folder, NOTE);
}

/** Notes this process as the folder's user; the returned function takes the note away. */
export function markPgliteInUse(folder: string): () => void {
  const note = pgliteInUseNote(folder);
  writeFileSync(note, String(process.pid));
  return () => {
    if (readNote(note) === process.pid) rmSync(note, { force: true });
  };
}

/** The living process, other than this one, that has the folder open; null when none. */
export function pgliteInUseBy(folder: string): number | null {
  const pid = readNote(pgliteInUseNote(folder));
  if (pid === null || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: it lives, as another user's process.
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
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
