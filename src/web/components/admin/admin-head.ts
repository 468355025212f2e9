// The back office's tab titles: the page, 'Admin', then the shop's name as Settings has it (the
// layout's loader has it from the admin check), so an owner with the shop and the back office open
// side by side tells the tabs apart, and a renamed shop is named. Admin pages are never indexed
// and never shared, so they carry no description or preview tags.
import type { MetaDescriptor } from "react-router";
import { adminShell } from "../../../domain/messages/admin.ts";
import { DEFAULT_SHOP_NAME } from "../../../domain/shop-details.ts";

type Match = { id: string; loaderData: unknown } | undefined;

export function adminHead(title: string, matches: readonly Match[]): MetaDescriptor[] {
  const frame = matches.find((match) => match?.id === "routes/admin")?.loaderData as { shopName?: unknown } | undefined;
  const shopName = typeof frame?.shopName === "string" ? frame.shopName : DEFAULT_SHOP_NAME;
  return [{ title: `${title} · ${adminShell.adminPanel} | ${shopName}` }, { name: "robots", content: "noindex" }];
}
