// GET /share/shop.jpg: the home page's and policy pages' share picture: the first
// product the home page lists that has a picture of the shop's own, as its share JPEG; without
// one, a card with the shop's name. It follows the catalogue, so it is kept an hour, not a year.
import { listHomeSections } from "../../server/catalog/catalog.server.ts";
import { imageDirectoriesOf, renderShopCard, sharedPicture, shareImages, shareJpegOf } from "../../server/seo/share-image.server.ts";
import { readStoredShopSettings } from "../../server/settings/shop-settings.server.ts";
import { appContext } from "../app-context.ts";
import { allowOnly } from "../lib/api.ts";
import { jpegResponse, unlessBusy } from "../lib/share-responses.server.ts";
import type { Route } from "./+types/share.shop";

export function loader(args: Route.LoaderArgs) {
  return unlessBusy(() => answer(args));
}

async function answer({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const [sections, shop] = await Promise.all([listHomeSections(app.db), readStoredShopSettings(app.db)]);
  const directories = imageDirectoriesOf(app);
  for (const product of sections.flatMap((section) => section.products)) {
    const picture = sharedPicture(product.images);
    const jpeg = picture ? await shareJpegOf(picture, directories) : null;
    if (jpeg) return jpegResponse(jpeg, "public, max-age=3600");
  }
  return jpegResponse(await shareImages.get(`card:${shop.shopName}`, () => renderShopCard(shop.shopName)), "public, max-age=3600");
}

export const action = allowOnly("GET");
