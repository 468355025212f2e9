/** Whether an address is the back office's (/admin and below): it draws none of the shop's chrome. */
export function isBackOffice(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}
