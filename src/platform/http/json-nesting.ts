/** Arrays and objects a JSON body may nest (issue 25): far beyond any request of ours, far below a deep recursion. */
export const MAX_JSON_NESTING = 32;

export const JSON_TOO_DEEP = `The JSON body may be nested at most ${MAX_JSON_NESTING} levels deep.`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether JSON text nests arrays and objects deeper than `max`, found by one linear scan before JSON.parse: a body
 * 10,000 levels deep parses fine but then overflows the stack of whatever walks it recursively (class-transformer,
 * class-validator, our own checks), which answered 500. Brackets inside strings do not count; escapes are skipped.
 * Malformed text is left for JSON.parse to refuse.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}
