import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './pager';
import { type LoadedQuery, QueryState } from './query-state';

const query = (over: Partial<LoadedQuery<string[]>>): LoadedQuery<string[]> => ({
  isPending: false,
  isError: false,
  data: undefined,
  refetch: vi.fn(),
  ...over,
});

const list = (q: LoadedQuery<string[]>) =>
  render(
    <QueryState
      query={q}
      errorText="Could not load"
      empty="Nothing yet"
      isEmpty={(rows) => rows.length === 0}
    >
      {(rows) => (
        <ul>
          {rows.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );

describe('QueryState', () => {
  it('tells that it is loading', () => {
    list(query({ isPending: true }));
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });

  it('tells a failure and asks the query again on Retry', async () => {
    const q = query({ isError: true });
    list(q);
    expect(screen.getByRole('alert').textContent).toBe('Could not load');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(q.refetch).toHaveBeenCalledOnce();
  });

  it('shows the caller’s failure text', () => {
    render(
      <QueryState query={query({ isError: true })} errorText="No history">
        {() => null}
      </QueryState>,
    );
    expect(screen.getByRole('alert').textContent).toBe('No history');
  });

  it('says when there is nothing, else renders the rows', () => {
    const { unmount } = list(query({ data: [] }));
    expect(screen.getByText('Nothing yet')).toBeTruthy();
    unmount();
    list(query({ data: ['first', 'second'] }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'first',
      'second',
    ]);
  });
});

describe('Pager', () => {
  it('pages back and forth within its bounds', async () => {
    const onPrevious = vi.fn();
    const onNext = vi.fn();
    render(
      <Pager
        label="Pages"
        status="Page 1 of 2"
        previous="Previous"
        next="Next"
        hasPrevious={false}
        hasNext
        onPrevious={onPrevious}
        onNext={onNext}
      />,
    );
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toContain('Page 1 of 2');
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledOnce();
    expect(onPrevious).not.toHaveBeenCalled();
  });
});
