/**
 * The one mailbox of a From header, lower case, or null: none, several (a list needs a
 * Sender header, which a relay's customers have no use for), or not an address. The
 * header From is what a reader sees and what DMARC aligns on, so Parley checks its
 * domain is the customer's, beside the envelope sender's.
 */
export function headerFromAddress(value: string | null | undefined): string | null {
  if (!value) return null;
  // Quoted display names and comments may hold anything, commas and brackets included.
  const plain = value
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\((?:[^()\\]|\\.)*\)/g, ' ')
    .trim();
  if (plain.includes(',')) return null;
  const angles = [...plain.matchAll(/<([^<>]*)>/g)];
  if (angles.length > 1) return null;
  const address = (angles[0]?.[1] ?? plain).trim();
  if (!/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(address)) return null;
  return address.toLowerCase();
}
