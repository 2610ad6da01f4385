import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './clipboard';

const clipboard = Object.getOwnPropertyDescriptor(globalThis.navigator, 'clipboard');
function setClipboard(value: Partial<Clipboard> | undefined) {
  Object.defineProperty(globalThis.navigator, 'clipboard', { configurable: true, value });
}
function setExecCommand(impl: (command: string) => boolean) {
  const spy = vi.fn(impl);
  Object.defineProperty(document, 'execCommand', { configurable: true, value: spy });
  return spy;
}

afterEach(() => {
  if (clipboard) Object.defineProperty(globalThis.navigator, 'clipboard', clipboard);
  // happy-dom's clipboard is on the prototype: removing the own one brings it back.
  else Reflect.deleteProperty(globalThis.navigator, 'clipboard');
  Reflect.deleteProperty(document, 'execCommand');
});

describe('copyText', () => {
  it('uses the Clipboard API when there is one', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    setClipboard({ writeText });
    const exec = setExecCommand(() => true);
    expect(await copyText('abc')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('abc');
    expect(exec).not.toHaveBeenCalled();
  });

  it('selects the text and copies it the older way without the API or when it refuses', async () => {
    let selected = '';
    const exec = setExecCommand(() => {
      const area = document.querySelector('textarea');
      selected = area?.value.slice(area.selectionStart, area.selectionEnd) ?? '';
      return true;
    });
    setClipboard(undefined);
    expect(await copyText('addr-1')).toBe(true);
    expect(selected).toBe('addr-1');

    setClipboard({ writeText: vi.fn().mockRejectedValue(new DOMException('denied')) });
    expect(await copyText('addr-2')).toBe(true);
    expect(selected).toBe('addr-2');
    expect(exec).toHaveBeenCalledWith('copy');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('puts the text area where it is asked, and gives focus back', async () => {
    setClipboard(undefined);
    const box = document.createElement('div');
    const button = document.createElement('button');
    box.append(button);
    document.body.append(box);
    button.focus();
    let parent: Element | null = null;
    setExecCommand(() => {
      parent = document.querySelector('textarea')?.parentElement ?? null;
      return true;
    });
    expect(await copyText('x', box)).toBe(true);
    expect(parent).toBe(box);
    expect(document.activeElement).toBe(button);
    box.remove();
  });

  it('resolves false, never rejects, when nothing can copy', async () => {
    setClipboard({ writeText: vi.fn().mockRejectedValue(new Error('no')) });
    setExecCommand(() => false);
    expect(await copyText('abc')).toBe(false);
    setExecCommand(() => {
      throw new Error('unsupported');
    });
    expect(await copyText('abc')).toBe(false);
  });
});
