import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { streamState, subscribeToStream } from './event-stream';

class FakeEventSource extends EventTarget {
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 0;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data: unknown, lastEventId = '') {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data), lastEventId }));
  }
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the shared event stream', () => {
  it('opens one stream for every listener of a kind, and closes it after the last', () => {
    const a = vi.fn();
    const b = vi.fn();
    const offA = subscribeToStream('customer', { 'chat.message': a });
    const offB = subscribeToStream('customer', { 'chat.status': b });
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual(['/api/events']);
    const source = FakeEventSource.opened[0] as FakeEventSource;
    source.emit('chat.message', { sessionId: 's' });
    source.emit('chat.status', { status: 'open' });
    expect(a).toHaveBeenCalledWith({ sessionId: 's' });
    expect(b).toHaveBeenCalledWith({ status: 'open' });
    offA();
    expect(source.closed).toBe(false);
    offB();
    expect(source.closed).toBe(true);
  });

  it('hands a part that subscribes during the start-up what its types missed, in order', () => {
    const dashboard = vi.fn();
    const off = subscribeToStream('customer', { 'subscription.updated': dashboard });
    const source = FakeEventSource.opened[0] as FakeEventSource;
    source.emit('connected', { replayed: 2, resumed: true }, '10');
    source.emit('transaction.updated', { id: 'a', status: 'rejected' }, '11');
    source.emit('subscription.updated', { orderId: 'o' }, '12');
    source.emit('chat.typing', { until: 'soon' });
    source.emit('transaction.updated', { id: 'b', status: 'approved' }, '13');
    // The navigation's listener mounts after the dashboard's: it hears both, in order.
    const toasts = vi.fn();
    const offToasts = subscribeToStream('customer', { 'transaction.updated': toasts });
    expect(toasts.mock.calls).toEqual([
      [{ id: 'a', status: 'rejected' }],
      [{ id: 'b', status: 'approved' }],
    ]);
    // Another part hears what it missed too, even what a part before it handled; nobody
    // hears an event twice, and a typing signal is never handed on (it is stale).
    const other = vi.fn();
    const typing = vi.fn();
    const offOther = subscribeToStream('customer', {
      'subscription.updated': other,
      'chat.typing': typing,
    });
    expect(other.mock.calls).toEqual([[{ orderId: 'o' }]]);
    expect(dashboard).toHaveBeenCalledTimes(1);
    expect(typing).not.toHaveBeenCalled();
    // Live events reach every part once.
    source.emit('transaction.updated', { id: 'c', status: 'pending' }, '14');
    expect(toasts).toHaveBeenCalledTimes(3);
    for (const stop of [off, offToasts, offOther]) stop();
  });

  it('keeps nothing after its start-up, nor after the server ended it', () => {
    vi.useFakeTimers();
    const off = subscribeToStream('admin', {});
    const source = FakeEventSource.opened[0] as FakeEventSource;
    source.emit('user.created', { id: 'early' }, '1');
    vi.advanceTimersByTime(16_000);
    source.emit('user.created', { id: 'later' }, '2');
    const late = vi.fn();
    const offLate = subscribeToStream('admin', { 'user.created': late });
    expect(late).not.toHaveBeenCalled();
    off();
    offLate();

    const again = subscribeToStream('customer', {});
    const stream = FakeEventSource.opened.at(-1) as FakeEventSource;
    stream.emit('balance.adjusted', { userId: 'u' }, '3');
    stream.emit('ended', { reason: 'signed-out' });
    const after = vi.fn();
    const offAfter = subscribeToStream('customer', { 'balance.adjusted': after });
    expect(after).not.toHaveBeenCalled();
    again();
    offAfter();
  });

  it('is up from `connected` until an error, and watchers hear both', () => {
    const seen: boolean[] = [];
    const state = streamState('admin');
    const unwatch = state.watch((up) => seen.push(up));
    const off = subscribeToStream('admin', {});
    const source = FakeEventSource.opened[0] as FakeEventSource;
    expect(state.up()).toBe(false);
    source.emit('connected', { replayed: 0 });
    expect(state.up()).toBe(true);
    source.dispatchEvent(new Event('error'));
    expect(state.up()).toBe(false);
    expect(seen).toEqual([true, false]);
    off();
    unwatch();
  });

  it('opens a new stream a little after the browser gave up on one (an error status)', () => {
    vi.useFakeTimers();
    const off = subscribeToStream('customer', { 'chat.message': vi.fn() });
    const first = FakeEventSource.opened[0] as FakeEventSource;
    first.readyState = FakeEventSource.CLOSED;
    first.dispatchEvent(new Event('error'));
    vi.advanceTimersByTime(5_000);
    expect(FakeEventSource.opened).toHaveLength(2);
    // Refused again: it waits twice as long before the next try.
    const second = FakeEventSource.opened[1] as FakeEventSource;
    second.readyState = FakeEventSource.CLOSED;
    second.dispatchEvent(new Event('error'));
    vi.advanceTimersByTime(9_000);
    expect(FakeEventSource.opened).toHaveLength(2);
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.opened).toHaveLength(3);
    off();
  });

  it('stays closed after the server ends it (signed out)', () => {
    vi.useFakeTimers();
    const off = subscribeToStream('customer', {});
    const first = FakeEventSource.opened[0] as FakeEventSource;
    first.emit('ended', { reason: 'signed-out' });
    first.dispatchEvent(new Event('error'));
    vi.advanceTimersByTime(10_000);
    expect(first.closed).toBe(true);
    expect(FakeEventSource.opened).toHaveLength(1);
    off();
  });

  it('offline, closes the stream; online again, resumes after the newest event seen', () => {
    const off = subscribeToStream('customer', { 'chat.message': vi.fn() });
    const first = FakeEventSource.opened[0] as FakeEventSource;
    first.emit('connected', { replayed: 0 }, '40');
    first.emit('chat.message', { sessionId: 's' }, '42');
    window.dispatchEvent(new Event('offline'));
    expect(first.closed).toBe(true);
    expect(streamState('customer').up()).toBe(false);
    window.dispatchEvent(new Event('online'));
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual([
      '/api/events',
      '/api/events?lastEventId=42',
    ]);
    off();
  });

  it('opens again, resuming, a stream that stays silent past its heartbeats', () => {
    vi.useFakeTimers();
    const off = subscribeToStream('admin', { 'chat.message': vi.fn() });
    const first = FakeEventSource.opened[0] as FakeEventSource;
    first.emit('connected', { replayed: 0 }, '7');
    vi.advanceTimersByTime(30_000);
    first.emit('heartbeat', {}, '9');
    vi.advanceTimersByTime(45_000);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(10_000);
    expect(first.closed).toBe(true);
    expect(FakeEventSource.opened.at(-1)?.url).toBe('/api/admin/events?lastEventId=9');
    off();
  });
});

describe("the page's first stream", () => {
  /** A fresh copy of the module, on a page sent with `content` as its event cursor. */
  async function onPageWith(content: string) {
    vi.resetModules();
    document.head.insertAdjacentHTML(
      'beforeend',
      `<meta name="parley-events-after" content="${content}" />`,
    );
    return (await import('./event-stream')).subscribeToStream;
  }
  afterEach(() => {
    document.head.querySelector('meta[name="parley-events-after"]')?.remove();
    vi.resetModules();
  });

  it('starts after the event id the page was sent with, once per kind', async () => {
    const subscribe = await onPageWith('1234');
    const off = subscribe('customer', { 'sender.updated': vi.fn() });
    off();
    // Opened again later in the same page: what it would replay is old news by then.
    const again = subscribe('customer', { 'sender.updated': vi.fn() });
    again();
    const admin = subscribe('admin', { 'sender.updated': vi.fn() });
    admin();
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual([
      '/api/events?lastEventId=1234',
      '/api/events',
      '/api/admin/events?lastEventId=1234',
    ]);
  });

  it('starts fresh when the page carries no usable id', async () => {
    const subscribe = await onPageWith('12&x=1');
    subscribe('customer', {})();
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual(['/api/events']);
  });
});
