// A Code 128 barcode as SVG (src/domain/admin/code128.ts), crisp at any print resolution.
import type { CSSProperties } from "react";
import { encodeCode128B } from "../../../../domain/admin/code128.ts";

export function Barcode({ value, height = 40, className = "", style }: { value: string; height?: number; className?: string; style?: CSSProperties }) {
  const code = encodeCode128B(value);
  return (
    <svg
      role="img"
      aria-label={`Barcode ${value}`}
      viewBox={`0 0 ${code.widthModules} ${height}`}
      preserveAspectRatio="none"
      shapeRendering="crispEdges"
      className={className}
      style={style}
      data-barcode={value}
    >
      <rect width={code.widthModules} height={height} fill="#fff" />
      {code.bars.map(([x, width]) => (
        <rect key={x} x={x} width={width} height={height} fill="#000" />
      ))}
    </svg>
  );
}
