/**
 * Location state of a navigation that only changes the view of the page being looked at (a sort,
 * a filter, the next page of a table half-way down): the root keeps the scroll position for it,
 * so the reader is not thrown back to the top.
 */
export const KEEP_SCROLL = { keepScroll: true } as const;
