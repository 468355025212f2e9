// Where other admin screens link into /admin/settings, apart from the cards themselves so that a
// link does not bring the settings page's code along.

/** The Shop details card: name, contact e-mail, postal address, phone, social links. */
export const SHOP_DETAILS_SECTION_ID = "shop-details";
