/**
 * A button's or link's text plus words only screen readers hear, naming what it acts
 * on. The accessible name then starts with exactly what is seen (WCAG 2.5.3: a
 * voice-control user says "Purchase Now"), in every language, and still tells several
 * such buttons apart.
 */
export function ActionName({ text, about }: { text: string; about: string }) {
  return (
    <>
      {text}
      <span className="sr-only"> ({about})</span>
    </>
  );
}
