import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { linkParts, MessageText } from './message-text';

describe('linkParts', () => {
  it('makes http(s) and www. addresses links, leaving the punctuation after them as text', () => {
    expect(linkParts('See https://parley.example/help, or www.example.org.')).toEqual([
      { text: 'See ' },
      { text: 'https://parley.example/help', href: 'https://parley.example/help' },
      { text: ', or ' },
      { text: 'www.example.org', href: 'https://www.example.org' },
      { text: '.' },
    ]);
  });

  it('never links another scheme', () => {
    const parts = linkParts('javascript:alert(1) data:text/html,<b>x</b> ftp://x.example');
    expect(parts.filter((p) => p.href)).toEqual([]);
  });
});

describe('MessageText', () => {
  it('shows markup as text, keeps lines, and opens links in a new tab without the opener', () => {
    render(<MessageText message={'<img src=x onerror=alert(1)>\nhttps://a.example'} />);
    expect(screen.getByText(/<img src=x onerror=alert\(1\)>/)).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    const link = screen.getByRole('link', { name: 'https://a.example' });
    expect(link.getAttribute('href')).toBe('https://a.example');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});
