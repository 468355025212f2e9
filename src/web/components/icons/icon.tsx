// The storefront's icons: Lucide's drawings (ISC licence, lucide.dev), one module each, drawn by
// this one small component instead of the lucide-react runtime, which cost every storefront page
// about 1 KB of gzip (decision 046). One module per icon keeps each icon with the pages that draw
// it. The admin keeps lucide-react: its bundle has no such budget. A new icon is a copy of
// `node_modules/lucide-react/dist/esm/icons/<name>.mjs`'s `node` list, without the keys.
import { createElement, type SVGProps } from "react";

type IconNode = readonly (readonly [tag: string, attributes: Readonly<Record<string, string>>])[];
export type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;

export function icon(node: IconNode) {
  return function Icon(props: IconProps) {
    return (
      <svg xmlns="http://www.w3.org/2000/svg" width={24} height={24} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden {...props}>
        {node.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
      </svg>
    );
  };
}
