// Draws the raster site icons from public/favicon.svg into public/: apple-touch-icon.png (180 x
// 180, the picture iPhones put on the home screen and in share sheets, and that some messengers
// show for a link without a picture) and favicon.ico (16, 32 and 48 px, for browsers and crawlers
// that ask for it at the site's root without reading the page). Both are found by their usual
// names, so no page carries a tag for them. Run: npx tsx scripts/generate-site-icons.ts
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const PUBLIC_DIR = fileURLToPath(new URL("../public/", import.meta.url));
const svg = readFileSync(`${PUBLIC_DIR}favicon.svg`, "utf8");
// iOS rounds the corners itself: the touch icon fills its square.
const square = svg.replace(/ rx="\d+"/, "");

const png = (source: string, size: number) => sharp(Buffer.from(source), { density: 72 * (size / 64) * 2 }).resize(size, size).png().toBuffer();

/** An ICO holding PNG images (read by every browser since Windows Vista's format change). */
function ico(images: readonly { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0);
    entry.writeUInt8(size % 256, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.data)]);
}

writeFileSync(`${PUBLIC_DIR}apple-touch-icon.png`, await png(square, 180));
writeFileSync(`${PUBLIC_DIR}favicon.ico`, ico(await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(svg, size) })))));
