// What a refusal of a malformed request may say: the shop's own sentences, never zod's English.

/** zod's wording as its locale puts a refusal, and the number it quotes for "a safe integer". */
export const ZOD_WORDING = /Invalid input|expected|received|Too big|Too small|Invalid option|Invalid string|Unrecognized key|9007199254740991/;

/** The plain texts of a messages module (its functions need arguments). */
export const textsOf = (messages: Record<string, unknown>): string[] => Object.values(messages).filter((value): value is string => typeof value === "string");
