/**
 * Addresses pasted as a list ("a@x.co.uk, b@x.co.uk; c@x.co.uk", one per line, or "Name <a@x.co.uk>" copied from a
 * mail program) → the addresses, blanks dropped. The server reads `{emails: [...]}` and checks each one; its own
 * reading of a pasted list (training's licence-rules.ts `parseEmailList`) follows the same separators.
 */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[\n\r,;]+/)
    .map((part) => (/<([^<>]*)>/.exec(part)?.[1] ?? part).trim())
    .filter((part) => part.length > 0);
}

/** "3 of 10 seats used, 7 free". */
export function describeSeats(seats: number, used: number, free: number): string {
  return `${used} of ${seats} ${seats === 1 ? 'seat' : 'seats'} used, ${free} free`;
}
