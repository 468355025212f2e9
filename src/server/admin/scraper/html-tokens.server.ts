// A small, forgiving HTML tokenizer for the scraper: start tags with their attributes, end tags
// and text, nothing more. It reads a page from left to right once, character by character (no
// regular expression over the markup, no tree), so a hostile or broken page costs linear time and
// can never make it hang. Script and style bodies are kept raw: JSON-LD lives there.

export type HtmlToken =
  | { kind: "start"; name: string; attributes: Map<string, string>; selfClosing: boolean }
  | { kind: "end"; name: string }
  | { kind: "text"; text: string };

/** Elements whose content is raw text up to their own end tag. */
const RAW_TEXT = new Set(["script", "style", "textarea", "title", "noscript", "template", "xmp"]);

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  pound: "£",
  euro: "€",
  cent: "¢",
  yen: "¥",
  copy: "©",
  reg: "®",
  trade: "™",
  ndash: "–",
  mdash: "—",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  hellip: "…",
  bull: "•",
  middot: "·",
  times: "×",
  eacute: "é",
  egrave: "è",
  agrave: "à",
  ccedil: "ç",
  uuml: "ü",
  ouml: "ö",
  auml: "ä",
};

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isSpace(char: string | undefined): boolean {
  return char === " " || char === "\n" || char === "\t" || char === "\r" || char === "\f";
}

function codePointText(value: number): string | null {
  if (!Number.isInteger(value) || value <= 0 || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff)) return null;
  return String.fromCodePoint(value);
}

/** Character references (&amp; &#39; &#x27; and the common named ones); unknown ones stay as typed. */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  let out = "";
  let i = 0;
  while (i < text.length) {
    const amp = text.indexOf("&", i);
    if (amp === -1) {
      out += text.slice(i);
      break;
    }
    out += text.slice(i, amp);
    const semi = text.indexOf(";", amp + 1);
    if (semi === -1 || semi - amp > 12) {
      out += "&";
      i = amp + 1;
      continue;
    }
    const body = text.slice(amp + 1, semi);
    let decoded: string | null;
    if (body.startsWith("#x") || body.startsWith("#X")) decoded = /^[0-9a-f]+$/i.test(body.slice(2)) ? codePointText(parseInt(body.slice(2), 16)) : null;
    else if (body.startsWith("#")) decoded = /^[0-9]+$/.test(body.slice(1)) ? codePointText(parseInt(body.slice(1), 10)) : null;
    else decoded = NAMED_ENTITIES[body.toLowerCase()] ?? null;
    if (decoded === null) {
      out += "&";
      i = amp + 1;
    } else {
      out += decoded;
      i = semi + 1;
    }
  }
  return out;
}

function readName(html: string, start: number): { name: string; end: number } {
  let end = start;
  while (end < html.length) {
    const char = html[end]!;
    if (isSpace(char) || char === ">" || char === "/") break;
    end++;
  }
  return { name: html.slice(start, end).toLowerCase(), end };
}

/** Parses a start tag from just after "<"; returns the token and where the tag ended. */
function readStartTag(html: string, start: number): { token: HtmlToken & { kind: "start" }; end: number } {
  const { name, end: afterName } = readName(html, start);
  const attributes = new Map<string, string>();
  let i = afterName;
  let selfClosing = false;
  while (i < html.length) {
    const char = html[i]!;
    if (isSpace(char)) {
      i++;
      continue;
    }
    if (char === ">") {
      i++;
      break;
    }
    if (char === "/") {
      selfClosing = html[i + 1] === ">";
      i++;
      continue;
    }
    let nameEnd = i;
    while (nameEnd < html.length) {
      const c = html[nameEnd]!;
      if (isSpace(c) || c === "=" || c === ">" || (c === "/" && html[nameEnd + 1] === ">")) break;
      nameEnd++;
    }
    if (nameEnd === i) nameEnd = i + 1; // a stray "=": skip it
    const attributeName = html.slice(i, nameEnd).toLowerCase();
    i = nameEnd;
    while (isSpace(html[i])) i++;
    let value = "";
    if (html[i] === "=") {
      i++;
      while (isSpace(html[i])) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        const valueEnd = close === -1 ? html.length : close;
        value = html.slice(i + 1, valueEnd);
        i = valueEnd + 1;
      } else {
        let valueEnd = i;
        while (valueEnd < html.length && !isSpace(html[valueEnd]) && html[valueEnd] !== ">") valueEnd++;
        value = html.slice(i, valueEnd);
        i = valueEnd;
      }
    }
    // The first of a repeated attribute wins, as in browsers.
    if (attributeName !== "" && !attributes.has(attributeName)) attributes.set(attributeName, decodeEntities(value));
  }
  return { token: { kind: "start", name, attributes, selfClosing }, end: i };
}

/** Index of "</name" (any case) from `from`, or -1. */
function findEndTag(html: string, lowerHtml: string, name: string, from: number): number {
  let at = from;
  for (;;) {
    const found = lowerHtml.indexOf(`</${name}`, at);
    if (found === -1) return -1;
    const after = html[found + name.length + 2];
    if (after === undefined || after === ">" || after === "/" || isSpace(after)) return found;
    at = found + 2;
  }
}

/** Every start tag, end tag and text run of `html`, in order. */
export function tokenizeHtml(html: string): HtmlToken[] {
  const tokens: HtmlToken[] = [];
  const lower = html.toLowerCase();
  let i = 0;
  let textStart = 0;
  const flushText = (end: number) => {
    if (end > textStart) tokens.push({ kind: "text", text: decodeEntities(html.slice(textStart, end)) });
  };
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    if (lt === -1) break;
    const next = html.charCodeAt(lt + 1);
    if (html.startsWith("<!--", lt)) {
      flushText(lt);
      const close = html.indexOf("-->", lt + 4);
      i = textStart = close === -1 ? html.length : close + 3;
    } else if (html[lt + 1] === "!" || html[lt + 1] === "?") {
      flushText(lt);
      const close = html.indexOf(">", lt + 2);
      i = textStart = close === -1 ? html.length : close + 1;
    } else if (html[lt + 1] === "/" && isAsciiLetter(html.charCodeAt(lt + 2))) {
      flushText(lt);
      const { name } = readName(html, lt + 2);
      tokens.push({ kind: "end", name });
      const close = html.indexOf(">", lt + 2);
      i = textStart = close === -1 ? html.length : close + 1;
    } else if (isAsciiLetter(next)) {
      flushText(lt);
      const { token, end } = readStartTag(html, lt + 1);
      tokens.push(token);
      i = textStart = end;
      if (RAW_TEXT.has(token.name) && !token.selfClosing) {
        const close = findEndTag(html, lower, token.name, i);
        const rawEnd = close === -1 ? html.length : close;
        const raw = html.slice(i, rawEnd);
        if (raw !== "") tokens.push({ kind: "text", text: token.name === "title" || token.name === "textarea" ? decodeEntities(raw) : raw });
        if (close === -1) {
          i = textStart = html.length;
        } else {
          tokens.push({ kind: "end", name: token.name });
          const gt = html.indexOf(">", close);
          i = textStart = gt === -1 ? html.length : gt + 1;
        }
      }
    } else {
      i = lt + 1; // a "<" that starts no tag ("a < b") is text
    }
  }
  flushText(html.length);
  return tokens;
}
