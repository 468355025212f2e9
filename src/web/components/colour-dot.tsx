/**
 * A round colour swatch. `paint` is the CSS background the server worked out for the colour's name
 * (its shade, its family's hex, or the multicolour gradient: `swatchPaint` in src/domain/colours.ts).
 */
export function ColourDot({ paint, size = "h-3.5 w-3.5" }: { paint: string; size?: string }) {
  return <span aria-hidden className={`inline-block rounded-full border border-black/15 ${size}`} style={{ background: paint }} />;
}
