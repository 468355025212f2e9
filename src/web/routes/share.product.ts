// GET /share/product/<id>.jpg: an active product's share picture, its first
// picture of the shop's own drawn into a 1200x630 JPEG (src/server/seo/share-image.server.ts).
// Anything else (a malformed or unknown id, an inactive product, one whose pictures are all on
// other hosts) is a 404. `?v=` is the picture's fingerprint, which the product page's tags carry:
// with the current one the answer is kept a year, otherwise an hour (the picture may change).
import { findActiveProductPictures, imageDirectoriesOf, pictureVersion, sharedPicture, shareJpegOf } from "../../server/seo/share-image.server.ts";
import { appContext } from "../app-context.ts";
import { allowOnly } from "../lib/api.ts";
import { jpegResponse, notFound, unlessBusy } from "../lib/share-responses.server.ts";
import type { Route } from "./+types/share.product";

const FILE = /^([0-9a-fA-F-]{36})\.jpg$/;

export function loader(args: Route.LoaderArgs) {
  return unlessBusy(() => answer(args));
}

async function answer({ params, url, context }: Route.LoaderArgs) {
  const id = FILE.exec(params.file)?.[1];
  if (!id) return notFound();
  const app = context.get(appContext);
  const product = await findActiveProductPictures(app.db, id);
  const picture = product ? sharedPicture(product.images) : null;
  if (!picture) return notFound();
  const jpeg = await shareJpegOf(picture, imageDirectoriesOf(app));
  if (!jpeg) return notFound();
  return jpegResponse(jpeg, url.searchParams.get("v") === pictureVersion(picture) ? "public, max-age=31536000, immutable" : "public, max-age=3600");
}

export const action = allowOnly("GET");
