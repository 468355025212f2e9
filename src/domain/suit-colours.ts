// admin.md section 5: "Suit colour names are normalised: Navy Blue to Navy, Khaki and Beige to
// Brown, Cream to White, Multi-color and Traditional Print to Multicolor, Denim Blue to Blue;
// then capitalised and de-duplicated."

// Keys are lower case with single spaces: the source CSV is matched whatever its case.
const SUIT_COLOUR_RENAMES: Readonly<Record<string, string>> = {
  "navy blue": "Navy",
  khaki: "Brown",
  beige: "Brown",
  cream: "White",
  "multi-color": "Multicolor",
  "traditional print": "Multicolor",
  "denim blue": "Blue",
};

/** "light grey" -> "Light Grey", "NAVY" -> "Navy", "off-white" -> "Off-White". */
export function capitaliseWords(text: string): string {
  return text.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, separator: string, letter: string) =>
    `${separator}${letter.toUpperCase()}`,
  );
}

/**
 * Normalised suit colours in their first-seen order. "Capitalised" is read as every word
 * capitalised ("Rose Gold", matching how the other seed lists spell colours); blank names are
 * dropped; duplicates are removed after renaming, so ["Khaki", "Beige"] is ["Brown"].
 */
export function normaliseSuitColours(names: readonly string[]): string[] {
  const result: string[] = [];
  for (const name of names) {
    const tidy = name.trim().replace(/\s+/g, " ");
    if (tidy === "") continue;
    const colour = capitaliseWords(SUIT_COLOUR_RENAMES[tidy.toLowerCase()] ?? tidy);
    if (!result.includes(colour)) result.push(colour);
  }
  return result;
}
