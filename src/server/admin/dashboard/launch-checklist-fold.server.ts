// Whether the owner folded the dashboard's "Before you take real orders" list away. Kept in a
// cookie of the owner's browser and read by the dashboard's loader, so the page is drawn folded
// from its first byte (no flash of the open list): a view's preference, not the shop's data.
import { readCookie } from "../../http/cookies.ts";

export const LAUNCH_CHECKLIST_FOLD_COOKIE = "admin_launch_folded";
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export function launchChecklistFolded(request: Request): boolean {
  return readCookie(request.headers.get("cookie"), LAUNCH_CHECKLIST_FOLD_COOKIE) === "1";
}

/**
 * The Set-Cookie that remembers the choice (opened again: the cookie goes). Path=/ as the
 * dashboard's data is also read at /admin.data, which a cookie of Path=/admin would not reach.
 */
export function launchChecklistFoldCookie(folded: boolean, secure: boolean): string {
  const attributes = `Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  return folded ? `${LAUNCH_CHECKLIST_FOLD_COOKIE}=1; Max-Age=${ONE_YEAR_SECONDS}; ${attributes}` : `${LAUNCH_CHECKLIST_FOLD_COOKIE}=; Max-Age=0; ${attributes}`;
}
