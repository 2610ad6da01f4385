import { afterEach, describe, expect, it } from 'vitest';
import { trackInputModality } from './input-modality';

let stop: (() => void) | undefined;
const added: Element[] = [];
afterEach(() => {
  stop?.();
  // Only what the test added: the page (and its toast viewport) outlives this file.
  for (const element of added.splice(0)) element.remove();
});

const html = document.documentElement;
const key = (target: EventTarget, k: string) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));

describe('trackInputModality', () => {
  it('marks the page while a pointer is used and unmarks it when focus moves by keyboard', () => {
    stop = trackInputModality();
    expect(html.hasAttribute('data-pointer')).toBe(false);
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(html.hasAttribute('data-pointer')).toBe(true);
    key(document.body, 'Tab');
    expect(html.hasAttribute('data-pointer')).toBe(false);
  });

  it('keeps the mark while the person types or moves the caret in a clicked field', () => {
    stop = trackInputModality();
    const input = document.createElement('input');
    document.body.append(input);
    added.push(input);
    input.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    for (const k of ['a', 'ArrowLeft', 'Enter', ' ']) key(input, k);
    expect(html.hasAttribute('data-pointer')).toBe(true);
    key(input, 'Escape');
    expect(html.hasAttribute('data-pointer')).toBe(false);
  });
});
