import { Fragment } from 'react';

/** http(s) addresses and bare www. ones, up to a space or a closing bracket/quote. */
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"'()[\]{}]+/gi;
/** Sentence punctuation just after a link belongs to the sentence. */
const TRAILING = /[.,;:!?]+$/;

export type TextPart = { text: string; href?: string };

/**
 * A message split into text and links. Only http and https links are made (a bare
 * `www.` gets https), so no other scheme (javascript:, data:) can become clickable.
 */
export function linkParts(message: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of message.matchAll(LINK)) {
    const start = match.index ?? 0;
    const link = match[0].replace(TRAILING, '');
    if (start > at) parts.push({ text: message.slice(at, start) });
    const href = /^www\./i.test(link) ? `https://${link}` : link;
    parts.push({ text: link, href });
    at = start + link.length;
  }
  if (at < message.length) parts.push({ text: message.slice(at) });
  return parts;
}

/** A chat message as plain text (React escapes it), its line breaks kept, links clickable. */
export function MessageText({ message }: { message: string }) {
  return (
    // dir="auto": each message reads in its own direction (English in an Arabic page).
    <p dir="auto" className="whitespace-pre-wrap break-words [overflow-wrap:anywhere]">
      {linkParts(message).map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
        <Fragment key={i}>
          {part.href ? (
            <a
              href={part.href}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="underline underline-offset-2"
              dir="ltr"
            >
              {part.text}
            </a>
          ) : (
            part.text
          )}
        </Fragment>
      ))}
    </p>
  );
}
