// The shop's public details (issue 15, item 15): the social networks the footer links and how an
// admin's stored links become the footer's list. Pure, and small enough for every storefront page.

/** The shop's name until the owner sets their own on /admin/settings. */
export const DEFAULT_SHOP_NAME = "Menswear Shop";

export const SOCIAL_NETWORKS = [
  { key: "instagram", field: "instagramUrl", label: "Instagram" },
  { key: "facebook", field: "facebookUrl", label: "Facebook" },
  { key: "x", field: "xUrl", label: "X (Twitter)" },
  { key: "tiktok", field: "tiktokUrl", label: "TikTok" },
] as const;

export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]["key"];
export type SocialLinks = Partial<Record<SocialNetwork, string>>;
export type SocialLink = { network: SocialNetwork; label: string; href: string };

/** The links to show, in a fixed order; a network without an https/http address is left out. */
export function socialLinksToShow(links: SocialLinks | null | undefined): SocialLink[] {
  if (!links) return [];
  return SOCIAL_NETWORKS.flatMap(({ key, label }) => {
    const href = links[key]?.trim();
    return href && /^https?:\/\/[^\s]+$/i.test(href) ? [{ network: key, label, href }] : [];
  });
}

/** What /contact and the footer show of the shop: only what is set. */
export type PublicShopDetails = {
  shopName: string;
  /** null until one is set on /admin/settings or in SHOP_EMAIL. */
  email: string | null;
  phone: string | null;
  /** The shop's address lines, or null when none was set. */
  address: string[] | null;
  social: SocialLink[];
};
