// What stopped the start, in one line that names the setting to change, for the failures an
// operator meets: a database that cannot be reached or refuses the login, a DATA_DIR that cannot
// be written. Anything else is printed whole, as it is a fault to report.
import { errorChain } from "../domain/error-chain.ts";

type Errorish = { code?: unknown; message?: unknown; path?: unknown; cause?: unknown };

const UNREACHABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ECONNRESET"]);
/** PostgreSQL's codes for a login the server refuses: bad password, unknown role or database, no access. */
const REFUSED_LOGIN = new Set(["28P01", "28000", "3D000", "42501"]);
const UNWRITABLE = new Set(["EACCES", "EPERM", "ENOTDIR", "EROFS", "ENOSPC"]);

export function startupFailureMessage(error: unknown, where: { databaseUrl: string | undefined; dataDir: string }): string | null {
  // The error and its causes (a driver's error wrapped by the migrator), outermost first.
  for (const link of errorChain(error, 5) as Errorish[]) {
    const code = typeof link.code === "string" ? link.code : "";
    const message = typeof link.message === "string" ? link.message : code;
    if (where.databaseUrl && UNREACHABLE.has(code)) {
      const url = new URL(where.databaseUrl);
      return `Cannot start: the database at ${url.hostname}:${url.port || "5432"} (DATABASE_URL) cannot be reached: ${code}. Check that PostgreSQL runs there and the host and port are right.`;
    }
    if (where.databaseUrl && REFUSED_LOGIN.has(code)) return `Cannot start: the database (DATABASE_URL) refused the shop: ${message}.`;
    if (UNWRITABLE.has(code) && typeof link.path === "string") {
      // DATA_DIR is named only for what lies in it (or on the way to it): another file is its own fault.
      const inDataDir = link.path.startsWith(where.dataDir) || where.dataDir.startsWith(link.path);
      return `Cannot start: ${link.path} cannot be written (${code}).${inDataDir ? ` DATA_DIR (${where.dataDir}) must be a folder this user may write to.` : ""}`;
    }
  }
  return null;
}
