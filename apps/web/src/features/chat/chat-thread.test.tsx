import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Cursor, mergeMessages, useChatThread } from './chat-thread';

afterEach(() => vi.useRealTimers());

const m = (id: number) => ({ id: String(id), text: `m${id}` });

describe('mergeMessages', () => {
  it('keeps each message once, in id order, whatever order they came in', () => {
    expect(mergeMessages([m(1), m(3)], [m(2), m(3), m(10)]).map((x) => x.id)).toEqual([
      '1',
      '2',
      '3',
      '10',
    ]);
  });
});

describe('useChatThread', () => {
  it('loads the newest page, catches up after the newest id, and polls only while the stream is down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const asked: Cursor[] = [];
    const server = [m(1), m(2)];
    const fetchPage = vi.fn(async (cursor: Cursor) => {
      asked.push(cursor);
      const after = Number(cursor.after ?? 0);
      return { items: server.filter((x) => Number(x.id) > after), hasMore: false };
    });
    const { result, rerender } = renderHook(
      ({ up }) => useChatThread({ sessionId: 's1', fetchPage, streamUp: up, pollMs: 3000 }),
      { initialProps: { up: true } },
    );
    await waitFor(() => expect(result.current.messages.map((x) => x.id)).toEqual(['1', '2']));
    expect(asked).toEqual([{}]);

    // A live event adds a message; the same one fetched later shows once.
    act(() => result.current.add([m(3)]));
    server.push(m(3), m(4));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(asked).toHaveLength(1);
    // While up, a check every 30 s only.
    await act(() => vi.advanceTimersByTimeAsync(20_100));
    expect(asked).toHaveLength(2);

    // Stream down: it asks for what is after the newest shown, every 3 s.
    rerender({ up: false });
    await act(() => vi.advanceTimersByTimeAsync(3_100));
    expect(asked.at(-1)).toEqual({ after: '4' });
    expect(asked).toHaveLength(3);
    await waitFor(() =>
      expect(result.current.messages.map((x) => x.id)).toEqual(['1', '2', '3', '4']),
    );
  });

  it('asks again when a catch-up is wanted while one is on its way, and keeps what arrived meanwhile', async () => {
    const server = [m(1)];
    let release: () => void = () => undefined;
    const asked: Cursor[] = [];
    const fetchPage = vi.fn(async (cursor: Cursor) => {
      asked.push(cursor);
      const after = Number(cursor.after ?? 0);
      const items = server.filter((x) => Number(x.id) > after);
      if (asked.length === 2) await new Promise<void>((r) => (release = r));
      return { items, hasMore: false };
    });
    const { result } = renderHook(() =>
      useChatThread({ sessionId: 's1', fetchPage, streamUp: true, pollMs: 3000 }),
    );
    await waitFor(() => expect(result.current.messages).toHaveLength(1));
    // A catch-up starts and waits; a message then arrives (its event) and another is stored.
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.catchUp();
    });
    server.push(m(2));
    act(() => {
      result.current.add([m(2)]);
      void result.current.catchUp();
    });
    server.push(m(3));
    await act(async () => {
      release();
      await first;
    });
    expect(asked).toEqual([{}, { after: '1' }, { after: '2' }]);
    expect(result.current.messages.map((x) => x.id)).toEqual(['1', '2', '3']);
  });
});
