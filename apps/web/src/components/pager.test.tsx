import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PageNav } from './admin/page-nav';
import { Pager } from './pager';

function ThreePages() {
  const [page, setPage] = useState(1);
  return (
    <Pager
      label="Orders"
      status={`Page ${page} of 3`}
      previous="Previous"
      next="Next"
      hasPrevious={page > 1}
      hasNext={page < 3}
      onPrevious={() => setPage(page - 1)}
      onNext={() => setPage(page + 1)}
      live
    />
  );
}

describe('Pager', () => {
  it('keeps focus on the pager when the pressed button disables itself at either end', async () => {
    const user = userEvent.setup();
    render(<ThreePages />);
    const previous = screen.getByRole<HTMLButtonElement>('button', { name: 'Previous' });
    const next = screen.getByRole<HTMLButtonElement>('button', { name: 'Next' });
    expect(previous.disabled).toBe(true);

    next.focus();
    await user.keyboard('{Enter}');
    screen.getByText('Page 2 of 3');
    expect(document.activeElement).toBe(next);

    await user.keyboard('{Enter}');
    screen.getByText('Page 3 of 3');
    expect(next.disabled).toBe(true);
    expect(document.activeElement).toBe(previous);

    await user.keyboard('{Enter}{Enter}');
    screen.getByText('Page 1 of 3');
    expect(previous.disabled).toBe(true);
    expect(document.activeElement).toBe(next);
  });

  it('gives focus to the status when the list shrinks to one page under it', () => {
    const pager = (pages: number) => (
      <Pager
        label="Orders"
        status={`Page 1 of ${pages}`}
        previous="Previous"
        next="Next"
        hasPrevious={false}
        hasNext={pages > 1}
        onPrevious={() => {}}
        onNext={() => {}}
      />
    );
    const { rerender } = render(pager(2));
    screen.getByRole('button', { name: 'Next' }).focus();
    rerender(pager(1));
    expect(document.activeElement).toBe(screen.getByText('Page 1 of 1'));
  });

  it('in the admin panel tells a screen reader the new page', () => {
    render(<PageNav label="Users" page={2} pages={5} onPage={() => {}} />);
    const nav = screen.getByRole('navigation', { name: 'Users' });
    expect(within(nav).getByText('Page 2 of 5').getAttribute('aria-live')).toBe('polite');
  });
});
