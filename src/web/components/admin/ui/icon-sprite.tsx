// Icons that every card of a list repeats (View Details and Print Label on each of 20 order cards)
// are drawn once per page as SVG symbols and shown with <use>: lucide-react writes an icon's whole
// SVG at each use (about 400 bytes and four elements every time), which the server renders,
// compresses and sends again for every card. The symbol holds lucide's own drawing, and the <svg>
// that shows it has lucide's attributes and classes, so the icon looks exactly the same.
import type { LucideIcon } from "lucide-react";

export type SpriteEntry = { id: string; icon: LucideIcon };

const symbolId = (id: string) => `admin-icon-${id}`;

/** Once per page, before or after the list: the symbols the list's icons refer to. */
export function IconSprite({ icons }: { icons: readonly SpriteEntry[] }) {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute h-0 w-0 overflow-hidden">
      {icons.map(({ id, icon: Icon }) => (
        <symbol key={id} id={symbolId(id)} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

/** One use of a symbol of the page's IconSprite, decorative (aria-hidden) like the icons it replaces. */
export function SpriteIcon({ id, className }: { id: string; className: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      className={`lucide lucide-${id} ${className}`}
      aria-hidden="true"
    >
      <use href={`#${symbolId(id)}`} />
    </svg>
  );
}
