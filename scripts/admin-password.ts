// npm run admin:password [-- --email owner@example.com] [--password "new password"] [--reset-two-factor]
// Sets a new password for an admin account (ADMIN_EMAIL by default) and signs it out everywhere;
// --reset-two-factor also removes its two-factor sign-in (a lost phone, a changed BETTER_AUTH_SECRET).
// Without --password a password is generated and printed once. On the embedded database, stop
// the shop first: one process at a time may open ./data/pglite, and the script stops while a shop
// has it open (its note in the folder, src/server/db/pglite-in-use.server.ts).
import path from "node:path";
import { parseArgs } from "node:util";
import { setAdminPassword } from "../src/server/admin/admin-password.server.ts";
import { resolveAuthSecret } from "../src/server/app-context.server.ts";
import { createAuth } from "../src/server/auth/auth.server.ts";
import { loadConfig } from "../src/server/config/env.server.ts";
import { openDatabase } from "../src/server/db/client.server.ts";
import { pgliteInUseBy, pgliteInUseNote } from "../src/server/db/pglite-in-use.server.ts";

const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" }, "reset-two-factor": { type: "boolean" } } });
const config = loadConfig();
const folder = path.join(config.dataDir, "pglite");
const runningShop = config.databaseUrl ? null : pgliteInUseBy(folder);
if (runningShop !== null) {
  console.error(`The shop (process ${runningShop}) has ${folder} open: stop it first, then run this again. (If no shop runs, delete ${pgliteInUseNote(folder)}.)`);
  process.exit(1);
}
const database = openDatabase(config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dataDir: folder });
try {
  await database.migrate();
  const auth = createAuth({ db: database.db, config, secret: resolveAuthSecret(config) });
  const result = await setAdminPassword(database.db, auth, { email: values.email ?? config.admin.email, password: values.password, resetTwoFactor: values["reset-two-factor"] });
  if (!result.ok) {
    console.error(result.message);
    process.exitCode = 1;
  } else {
    console.log(`Admin password set for ${result.email}${result.generated ? `: ${result.password}   (shown once)` : "."} Every session of the account has ended.`);
    if (result.twoFactorReset) console.log("Two-factor sign-in is off for this account: set it up again on /admin/settings after signing in.");
  }
} finally {
  await database.close();
}
